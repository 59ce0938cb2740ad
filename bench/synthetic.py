"""Deterministic synthetic workplace memories and questions for the latency benchmark.

Sentences are built from word lists (people, projects, components, tools, places,
numbers) through templates with slots spread across the sentence. Reconciliation
folds a new text into an old one when they differ in a short span (UPDATE) or
share most character trigrams (MERGE); a benchmark that wants N memories must not
feed it such pairs. So a sentence is rejected when any other accepted sentence of
its template agrees with it on all slots but two: every two accepted sentences
differ in at least three slots, far apart, which neither rule folds together.
Questions are asked about sentences that were generated, as a user would.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass


def _words(text: str, sep: str | None = None) -> tuple[str, ...]:
    return tuple(text.split(sep))


FIRST = _words(
    "Priya Tom Aiko Mateo Fatima Lars Chen Olu Sofia Ravi Hannah Diego Yuki Kwame Elena "
    "Marcus Leila Jonas Amara Pavel Ines Kenji Zara Tariq Nora Felix Maya Omar Greta Ivan "
    "Lucia Sven Anika Rafael Mei Hugo Dara Emil Noor Bruno Selin Arjun Clara Tobias Wanjiru "
    "Luca Sana Erik Camila Hiro"
)
LAST = _words(
    "Sharma Becker Tanaka Silva Haddad Nilsson Wei Adeyemi Rossi Iyer Schmidt Ortega Sato "
    "Mensah Petrova Reed Karimi Weber Okafor Novak Moreau Ito Malik Aziz Lindqvist Brandt "
    "Cohen Hassan Fischer Volkov Romero Berg Kapoor Costa Zhang Laurent Murphy Dubois Khan"
)
PROJECTS = _words(
    "Apollo Borealis Cobalt Dynamo Ember Falcon Gemini Helix Ion Juniper Kestrel Lumen "
    "Meridian Nimbus Onyx Pulsar Quasar Raven Sierra Tundra Umbra Vortex Willow Xenon "
    "Yarrow Zephyr Atlas Beacon Cinder Delta Echo Fjord Glacier Harbor Iris Jade Krypton "
    "Lotus Mosaic Nova Orbit Prism Quill Ridge Summit Tidal Unity Vega Wren Zenith"
)
COMPONENTS = _words(
    "billing service|search index|auth gateway|payment queue|mobile app|admin dashboard|"
    "data pipeline|notification worker|image resizer|recommendation engine|export job|"
    "feature flag service|audit trail|checkout flow|onboarding wizard|reporting API|"
    "cache layer|webhook relay|pricing engine|session store|email sender|log shipper|"
    "metrics collector|rate limiter|file uploader|GraphQL gateway|sync daemon|"
    "invoice generator|chat widget|geocoding service",
    sep="|",
)
TOOLS = _words(
    "Kubernetes Terraform Buildkite Jenkins GitHub-Actions CircleCI Grafana Prometheus "
    "Datadog Sentry PagerDuty Postgres Redis Kafka RabbitMQ Elasticsearch ClickHouse "
    "Snowflake Airflow dbt Ansible Nomad Consul Vault Envoy Nginx Caddy Docker Podman "
    "Bazel Gradle Poetry pnpm Vite Webpack Jest Pytest Playwright Cypress Storybook "
    "Figma Linear Jira Notion Confluence Retool Metabase Looker Tableau Honeycomb"
)
TEAMS = _words(
    "platform|growth|payments|mobile|data|security|SRE|design systems|search|identity|"
    "infra|developer experience|analytics|support tooling|marketplace|billing|ML|QA|"
    "localization|partnerships",
    sep="|",
)
CITIES = _words(
    "Lisbon Berlin Osaka Nairobi Toronto Austin Warsaw Seoul Dublin Bogotá Lagos Zurich "
    "Melbourne Montreal Bangalore Helsinki Porto Kraków Taipei Accra Valencia Tallinn "
    "Denver Lyon Hamburg Manila Santiago Oslo Prague Cairo Auckland Boston Madrid Vienna "
    "Istanbul Chennai Portland Glasgow Bilbao Leeds"
)
DAYS = _words("Monday Tuesday Wednesday Thursday Friday")
MONTHS = _words(
    "January February March April May June July August September October November December"
)
ENVS = _words("staging production QA sandbox canary preview")
HOSTS = _words("db|cache|queue|search|api|worker|gateway|metrics", sep="|")


@dataclass(frozen=True)
class Template:
    text: str
    question: str  # asked about a stored sentence, with a subset of its slots


TEMPLATES = (
    Template(
        "{person} owns the {project} {component} and deploys it with {tool} every {day}",
        "who owns the {project} {component}?",
    ),
    Template(
        "The {env} {host} for {project} listens on port {port} behind {tool}",
        "which port is the {env} {host} for {project} on?",
    ),
    Template(
        "{person} prefers {tool} over {tool2} for the {team} team's {component} work",
        "what does {person} prefer for {component} work?",
    ),
    Template(
        "{person} is on call for {project} from {day} to {day2}, backup is {person2}",
        "who is on call for {project}?",
    ),
    Template(
        "In {month} the {team} team moved the {project} {component} from {tool} to {tool2}",
        "when did the {team} team move the {project} {component} to {tool2}?",
    ),
    Template(
        "{person} measured the {project} {component} at {ms} ms p95 with {count} users in {city}",
        "how fast is the {project} {component}?",
    ),
    Template(
        "Ticket {code}-{number}: the {component} in {project} breaks when {tool} restarts, "
        "assigned to {person}",
        "is there a ticket about {project} {component} breaking when {tool} restarts?",
    ),
    Template(
        "{person} from {team} presents the {project} roadmap at the {day} all-hands in {city}",
        "when does {person} present the {project} roadmap?",
    ),
    Template(
        "The Q{quarter} budget for {project} {component} is {amount}k euros, approved by {person}",
        "what is the budget for {project} {component}?",
    ),
    Template(
        "{person} lives in {city} and works from the {city2} office on {day}s for the {team} team",
        "where does {person} live?",
    ),
    Template(
        "{person} and {person2} pair on the {project} {component} migration to {tool}",
        "who is pairing on the {project} {component} migration?",
    ),
    Template(
        "Release {version} of {project} ships the new {component} on {month} {date}, "
        "announced by {person}",
        "when does {project} ship the new {component}?",
    ),
    Template(
        "For {project} the {team} team keeps {component} dashboards in {tool} "
        "and alerts in {tool2}",
        "where are the {project} {component} dashboards?",
    ),
    Template(
        "{person} said the {project} {component} retries {count} times before paging {team}",
        "how many times does the {project} {component} retry?",
    ),
    Template(
        "The {project} design review with {person} moved to {day} at {hour} in room {room}",
        "when is the {project} design review?",
    ),
    Template(
        "{person} uses {tool} to test the {component} of {project} before each {env} deploy",
        "how does {person} test the {project} {component}?",
    ),
)


def _slot_values(rng: random.Random) -> dict[str, str]:
    def person() -> str:
        return f"{rng.choice(FIRST)} {rng.choice(LAST)}"

    tool, tool2 = rng.sample(TOOLS, 2)
    day, day2 = rng.sample(DAYS, 2)
    city, city2 = rng.sample(CITIES, 2)
    return {
        "person": person(),
        "person2": person(),
        "project": rng.choice(PROJECTS),
        "component": rng.choice(COMPONENTS),
        "tool": tool,
        "tool2": tool2,
        "team": rng.choice(TEAMS),
        "city": city,
        "city2": city2,
        "day": day,
        "day2": day2,
        "month": rng.choice(MONTHS),
        "env": rng.choice(ENVS),
        "host": rng.choice(HOSTS),
        "port": str(rng.randint(1024, 65535)),
        "ms": str(rng.randint(3, 2400)),
        "count": str(rng.randint(2, 90_000)),
        "code": rng.choice(PROJECTS)[:3].upper(),
        "number": str(rng.randint(100, 9999)),
        "quarter": str(rng.randint(1, 4)),
        "amount": str(rng.randint(5, 950)),
        "version": f"{rng.randint(1, 9)}.{rng.randint(0, 30)}",
        "date": str(rng.randint(1, 28)),
        "hour": f"{rng.randint(8, 17)}:{rng.choice(['00', '15', '30', '45'])}",
        "room": f"{rng.choice('ABCDEFG')}{rng.randint(1, 6)}{rng.randint(0, 40):02d}",
    }


def _slots(template: str) -> list[str]:
    names = [part.split("}", 1)[0] for part in template.split("{")[1:]]
    return list(dict.fromkeys(names))


@dataclass(frozen=True)
class Fact:
    text: str
    question: str


def facts(seed: int = 7) -> Iterator[Fact]:
    """An endless, deterministic stream of distinct facts (see the module docstring)."""
    rng = random.Random(seed)
    seen: set[tuple] = set()
    slot_names = [_slots(t.text) for t in TEMPLATES]
    while True:
        index = rng.randrange(len(TEMPLATES))
        template, names = TEMPLATES[index], slot_names[index]
        values = _slot_values(rng)
        keys = [
            (index, *(values[n] if n not in masked else "" for n in names))
            for masked in itertools.combinations(names, 2)
        ]
        if any(key in seen for key in keys):
            continue
        seen.update(keys)
        yield Fact(template.text.format(**values), template.question.format(**values))
