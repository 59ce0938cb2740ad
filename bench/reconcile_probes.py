"""The reconciliation probe set: labelled (old, new) pairs, written by hand.

Each family is one base fact and the texts a team would plausibly save after it:
the same fact reworded (MERGE: one memory is enough), the same subject with a
changed value (UPDATE), distinct facts that share most words and differ only in an
identifier, number, date, name or a plain word of the subject (ADD: both must be
kept), the negation (ADD: a contradiction is kept beside, never folded in), and the
base with only case and punctuation changed (NOOP). Families alternate between the
dev split (rules are tuned on it) and the test split (reported, never tuned on).

Rewrite tests/data/reconcile/probes.jsonl with:

    /work/main/.venv/bin/python bench/reconcile_probes.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make the worktree's packages importable
    sys.path.insert(0, str(ROOT))

from bench.reconcile_probes_dev2 import FAMILIES_DEV2, FAMILIES_DEV3, FAMILIES_DEV4  # noqa: E402
from bench.reconcile_probes_test2 import FAMILIES_TEST2  # noqa: E402
from bench.reconcile_probes_test3 import FAMILIES_TEST3  # noqa: E402
from bench.reconcile_probes_test4 import FAMILIES_TEST4  # noqa: E402
from bench.reconcile_probes_test5 import FAMILIES_TEST5  # noqa: E402
from bench.reconcile_probes_test6 import FAMILIES_TEST6  # noqa: E402
from bench.reconcile_probes_test7 import FAMILIES_TEST7  # noqa: E402
from bench.reconcile_probes_test8 import FAMILIES_TEST8  # noqa: E402
from bench.reconcile_probes_test9 import FAMILIES_TEST9  # noqa: E402

OUT = ROOT / "tests" / "data" / "reconcile" / "probes.jsonl"

# (base, reworded, updated, distinct [(kind, text)], negation)
Family = tuple[str, list[str], list[str], list[tuple[str, str]], str]
FAMILIES: list[Family] = [
    (
        "The staging DB is on port 6543",
        ["staging DB is on port 6543", "The staging DB runs on port 6543"],
        ["The staging DB is on port 5432", "The staging DB is on port 7000 now"],
        [
            ("name", "The prod DB is on port 6543"),
            ("word", "The staging cache is on port 6543"),
            ("id", "The staging DB 2 is on port 6543"),
        ],
        "The staging DB is not on port 6543",
    ),
    (
        "We deploy on Tuesdays",
        ["we deploy every Tuesday", "Deploys happen on Tuesdays"],
        ["We deploy on Thursdays", "We deploy on Fridays"],
        [
            ("word", "We test on Tuesdays"),
            ("word", "We celebrate on Tuesdays"),
            ("word", "We plan on Tuesdays"),
        ],
        "We never deploy on Tuesdays",
    ),
    (
        "Item 1 codeword is con1q",
        ["The codeword of item 1 is con1q", "item 1's codeword is con1q"],
        ["Item 1 codeword is con7x", "Item 1 codeword is now blue9"],
        [
            ("number", "Item 11 codeword is con11q"),
            ("number", "Item 2 codeword is con2q"),
            ("id", "Item 12 codeword is con1q"),
        ],
        "Item 1 codeword is not con1q",
    ),
    (
        "Dana's birthday is on June 4",
        ["Dana has her birthday on June 4", "Dana's birthday: June 4"],
        ["Dana's birthday is on June 14", "Dana's birthday is on July 4"],
        [
            ("name", "Omar's birthday is on June 4"),
            ("name", "Priya's birthday is on June 4"),
            ("word", "Dana's anniversary is on June 4"),
        ],
        "Dana's birthday is not on June 4",
    ),
    (
        "Invoice 1043 was paid on March 3",
        ["Invoice 1043 got paid on March 3", "On March 3 invoice 1043 was paid"],
        ["Invoice 1043 was paid on March 9", "Invoice 1043 was paid on April 3"],
        [
            ("number", "Invoice 1044 was paid on March 3"),
            ("number", "Invoice 1042 was paid on March 3"),
            ("id", "Invoice 10430 was paid on March 3"),
        ],
        "Invoice 1043 was not paid on March 3",
    ),
    (
        "Alice leads the billing team",
        ["Alice is the lead of the billing team", "The billing team is led by Alice"],
        ["Alice leads the search team", "Alice leads the platform team"],
        [
            ("name", "Bob leads the billing team"),
            ("name", "Carmen leads the billing team"),
            ("word", "Alice joined the billing team"),
        ],
        "Alice no longer leads the billing team",
    ),
    (
        "Order 5521 ships to Berlin",
        ["Order 5521 is shipping to Berlin", "Order 5521 will ship to Berlin"],
        ["Order 5521 ships to Munich", "Order 5521 ships to Hamburg"],
        [
            ("number", "Order 5522 ships to Berlin"),
            ("number", "Order 5512 ships to Berlin"),
            ("id", "Order 55210 ships to Berlin"),
        ],
        "Order 5521 does not ship to Berlin",
    ),
    (
        "The standup is at 9:30 every morning",
        ["Every morning the standup is at 9:30", "the standup is at 9:30 each morning"],
        ["The standup is at 10:15 every morning", "The standup is at 9:45 every morning"],
        [
            ("word", "The retro is at 9:30 every morning"),
            ("word", "The coffee break is at 9:30 every morning"),
            ("word", "The sync is at 9:30 every morning"),
        ],
        "The standup is not at 9:30 every morning",
    ),
    (
        "Ticket INC-4411 is assigned to Bob",
        ["INC-4411 is assigned to Bob", "Ticket INC-4411 has been assigned to Bob"],
        ["Ticket INC-4411 is assigned to Maria", "Ticket INC-4411 is assigned to Kenji"],
        [
            ("id", "Ticket INC-4412 is assigned to Bob"),
            ("id", "Ticket INC-4111 is assigned to Bob"),
            ("id", "Ticket OPS-4411 is assigned to Bob"),
        ],
        "Ticket INC-4411 is not assigned to Bob",
    ),
    (
        "I prefer concise answers with code first",
        ["I like concise answers with code first", "Concise answers with code first, please"],
        ["I prefer detailed answers with code first", "I prefer concise answers with code last"],
        [
            ("word", "I prefer concise commit messages with code first"),
            ("word", "I prefer concise emails with bullets first"),
            ("word", "I prefer concise docs with examples first"),
        ],
        "I do not prefer concise answers with code first",
    ),
    (
        "The API rate limit is 100 requests per minute",
        [
            "The API rate limit is 100 requests a minute",
            "API rate limit: 100 requests per minute",
        ],
        [
            "The API rate limit is 250 requests per minute",
            "The API rate limit is 100 requests per second",
        ],
        [
            ("word", "The webhook rate limit is 100 requests per minute"),
            ("name", "The GraphQL rate limit is 100 requests per minute"),
            ("word", "The login rate limit is 100 requests per minute"),
        ],
        "The API rate limit is not 100 requests per minute",
    ),
    (
        "Priya works from Lisbon",
        ["Priya is working from Lisbon", "Priya works out of Lisbon"],
        ["Priya works from Porto", "Priya works from Madrid"],
        [
            ("name", "Marco works from Lisbon"),
            ("name", "Yusuf works from Lisbon"),
            ("name", "Lena works from Lisbon"),
        ],
        "Priya does not work from Lisbon",
    ),
    (
        "Release 2.4 is planned for May 12",
        ["Release 2.4 is scheduled for May 12", "We plan release 2.4 for May 12"],
        ["Release 2.4 is planned for May 19", "Release 2.4 is planned for June 2"],
        [
            ("number", "Release 2.5 is planned for May 12"),
            ("number", "Release 3.4 is planned for May 12"),
            ("number", "Release 2.14 is planned for May 12"),
        ],
        "Release 2.4 is not planned for May 12",
    ),
    (
        "The office wifi password is kept in the team vault",
        [
            "The team vault keeps the office wifi password",
            "office wifi password is kept in the team vault",
        ],
        [
            "The office wifi password is kept in the IT vault",
            "The office wifi password is kept in the safe",
        ],
        [
            ("word", "The guest wifi password is kept in the team vault"),
            ("word", "The office alarm code is kept in the team vault"),
            ("word", "The office printer password is kept in the team vault"),
        ],
        "The office wifi password is not kept in the team vault",
    ),
    (
        "Room 101 is booked for Monday",
        ["Room 101 has been booked for Monday", "Monday: room 101 is booked"],
        ["Room 101 is booked for Wednesday", "Room 101 is booked for Friday"],
        [
            ("number", "Room 102 is booked for Monday"),
            ("number", "Room 1010 is booked for Monday"),
            ("number", "Room 201 is booked for Monday"),
        ],
        "Room 101 is not booked for Monday",
    ),
    (
        "Kenji is allergic to peanuts",
        ["Kenji has a peanut allergy", "Kenji is allergic to peanuts, careful"],
        ["Kenji is allergic to shellfish", "Kenji is allergic to gluten"],
        [
            ("name", "Amara is allergic to peanuts"),
            ("name", "Tomasz is allergic to peanuts"),
            ("name", "Sofia is allergic to peanuts"),
        ],
        "Kenji is not allergic to peanuts",
    ),
    (
        "Our main client is Acme Corp",
        ["Acme Corp is our main client", "Our main client is still Acme Corp"],
        ["Our main client is Globex", "Our main client is Initech now"],
        [
            ("word", "Our newest client is Acme Corp"),
            ("word", "Our smallest client is Acme Corp"),
            ("word", "Our first client is Acme Corp"),
        ],
        "Our main client is no longer Acme Corp",
    ),
    (
        "The build server runs Ubuntu 22.04",
        ["The build server is running Ubuntu 22.04", "Ubuntu 22.04 runs on the build server"],
        ["The build server runs Ubuntu 24.04", "The build server runs Debian 12"],
        [
            ("word", "The test server runs Ubuntu 22.04"),
            ("word", "The mail server runs Ubuntu 22.04"),
            ("word", "The backup server runs Ubuntu 22.04"),
        ],
        "The build server does not run Ubuntu 22.04",
    ),
    (
        "Marco's phone extension is 4471",
        ["Marco has phone extension 4471", "Marco's phone extension: 4471"],
        ["Marco's phone extension is 4479", "Marco's phone extension is 5120"],
        [
            ("name", "Lena's phone extension is 4471"),
            ("name", "Hiro's phone extension is 4471"),
            ("word", "Marco's desk number is 4471"),
        ],
        "Marco's phone extension is not 4471",
    ),
    (
        "The quarterly review happens in the first week of April",
        [
            "The quarterly review takes place in the first week of April",
            "In the first week of April the quarterly review happens",
        ],
        [
            "The quarterly review happens in the second week of April",
            "The quarterly review happens in the first week of May",
        ],
        [
            ("word", "The annual review happens in the first week of April"),
            ("word", "The budget review happens in the first week of April"),
            ("word", "The security audit happens in the first week of April"),
        ],
        "The quarterly review does not happen in the first week of April",
    ),
    (
        "Sprint 14 ends on Friday",
        ["Sprint 14 finishes on Friday", "sprint 14 ends Friday"],
        ["Sprint 14 ends on Thursday", "Sprint 14 ends on Monday"],
        [
            ("number", "Sprint 15 ends on Friday"),
            ("number", "Sprint 4 ends on Friday"),
            ("number", "Sprint 41 ends on Friday"),
        ],
        "Sprint 14 does not end on Friday",
    ),
    (
        "My manager is Hannah Weber",
        ["Hannah Weber is my manager", "my manager is Hannah Weber"],
        ["My manager is Jonas Becker", "My manager is Hannah Schmidt"],
        [
            ("word", "My mentor is Hannah Weber"),
            ("word", "My dentist is Hannah Weber"),
            ("word", "My landlord is Hannah Weber"),
        ],
        "My manager is not Hannah Weber",
    ),
    (
        "The frontend tests run on every push",
        ["Frontend tests run on every push", "The frontend tests are run on every push"],
        ["The frontend tests run on every merge", "The frontend tests run nightly"],
        [
            ("word", "The backend tests run on every push"),
            ("word", "The mobile tests run on every push"),
            ("word", "The lint checks run on every push"),
        ],
        "The frontend tests do not run on every push",
    ),
    (
        "Customer 88 pays by bank transfer",
        ["Customer 88 pays via bank transfer", "customer 88 pays by bank transfer"],
        ["Customer 88 pays by credit card", "Customer 88 pays by cheque"],
        [
            ("number", "Customer 89 pays by bank transfer"),
            ("number", "Customer 8 pays by bank transfer"),
            ("number", "Customer 880 pays by bank transfer"),
        ],
        "Customer 88 does not pay by bank transfer",
    ),
    (
        "The team offsite is in Porto on October 8",
        ["The team offsite will be in Porto on October 8", "Team offsite: Porto, October 8"],
        [
            "The team offsite is in Porto on October 15",
            "The team offsite is in Seville on October 8",
        ],
        [
            ("word", "The board meeting is in Porto on October 8"),
            ("word", "The sales kickoff is in Porto on October 8"),
            ("word", "The hackathon is in Porto on October 8"),
        ],
        "The team offsite is not in Porto on October 8",
    ),
    (
        "Server web-03 has 64 GB of RAM",
        ["Server web-03 has 64 GB RAM", "web-03 has 64 GB of RAM"],
        ["Server web-03 has 128 GB of RAM", "Server web-03 has 32 GB of RAM"],
        [
            ("id", "Server web-04 has 64 GB of RAM"),
            ("id", "Server db-03 has 64 GB of RAM"),
            ("id", "Server web-13 has 64 GB of RAM"),
        ],
        "Server web-03 does not have 64 GB of RAM",
    ),
    (
        "Yusuf speaks Turkish and German",
        ["Yusuf speaks German and Turkish", "Yusuf speaks Turkish and also German"],
        ["Yusuf speaks Turkish and French", "Yusuf speaks Turkish and Arabic"],
        [
            ("name", "Selin speaks Turkish and German"),
            ("name", "Emre speaks Turkish and German"),
            ("name", "Deniz speaks Turkish and German"),
        ],
        "Yusuf does not speak Turkish and German",
    ),
    (
        "The support hotline opens at 8 am",
        ["Support hotline opens at 8 am", "The support hotline is open from 8 am"],
        ["The support hotline opens at 7 am", "The support hotline opens at 9 am"],
        [
            ("word", "The support hotline closes at 8 am"),
            ("word", "The sales hotline opens at 8 am"),
            ("word", "The support chat opens at 8 am"),
        ],
        "The support hotline does not open at 8 am",
    ),
    (
        "Project Falcon uses PostgreSQL",
        ["Project Falcon is using PostgreSQL", "PostgreSQL is used by project Falcon"],
        ["Project Falcon uses MySQL", "Project Falcon uses SQLite"],
        [
            ("name", "Project Heron uses PostgreSQL"),
            ("name", "Project Osprey uses PostgreSQL"),
            ("name", "Project Kestrel uses PostgreSQL"),
        ],
        "Project Falcon does not use PostgreSQL",
    ),
    (
        "Lena is on vacation until August 20",
        ["Lena is on holiday until August 20", "Lena's vacation lasts until August 20"],
        ["Lena is on vacation until August 27", "Lena is on vacation until September 3"],
        [
            ("name", "Ravi is on vacation until August 20"),
            ("name", "Ines is on vacation until August 20"),
            ("word", "Lena is on parental leave until August 20"),
        ],
        "Lena is not on vacation until August 20",
    ),
    (
        "The VPN gateway address is 10.0.4.1",
        ["VPN gateway address is 10.0.4.1", "The VPN gateway is at address 10.0.4.1"],
        ["The VPN gateway address is 10.0.5.1", "The VPN gateway address is 10.2.4.1"],
        [
            ("word", "The DNS server address is 10.0.4.1"),
            ("word", "The proxy address is 10.0.4.1"),
            ("word", "The VPN backup address is 10.0.4.1"),
        ],
        "The VPN gateway address is not 10.0.4.1",
    ),
    (
        "Our fiscal year starts in July",
        ["The fiscal year starts in July for us", "our fiscal year begins in July"],
        ["Our fiscal year starts in January", "Our fiscal year starts in October"],
        [
            ("word", "Our hiring freeze starts in July"),
            ("word", "Our audit starts in July"),
            ("word", "Our summer break starts in July"),
        ],
        "Our fiscal year does not start in July",
    ),
    (
        "Tomasz owns the payments service",
        ["The payments service is owned by Tomasz", "Tomasz owns the payments service now"],
        ["Tomasz owns the search service", "Tomasz owns the billing service"],
        [
            ("name", "Amara owns the payments service"),
            ("name", "Chen owns the payments service"),
            ("name", "Olu owns the payments service"),
        ],
        "Tomasz does not own the payments service",
    ),
    (
        "The library loan period is 21 days",
        ["Library loan period is 21 days", "The loan period at the library is 21 days"],
        ["The library loan period is 14 days", "The library loan period is 28 days"],
        [
            ("word", "The library renewal period is 21 days"),
            ("word", "The library grace period is 21 days"),
            ("word", "The equipment loan period is 21 days"),
        ],
        "The library loan period is not 21 days",
    ),
    (
        "Flight LH 1234 departs at 14:05",
        ["Flight LH 1234 leaves at 14:05", "LH 1234 departs at 14:05"],
        ["Flight LH 1234 departs at 15:40", "Flight LH 1234 departs at 13:55"],
        [
            ("number", "Flight LH 1235 departs at 14:05"),
            ("id", "Flight BA 1234 departs at 14:05"),
            ("number", "Flight LH 1243 departs at 14:05"),
        ],
        "Flight LH 1234 does not depart at 14:05",
    ),
    (
        "Sofia's favourite editor is Neovim",
        ["Sofia likes Neovim best as an editor", "Neovim is Sofia's favourite editor"],
        ["Sofia's favourite editor is Emacs", "Sofia's favourite editor is VS Code"],
        [
            ("name", "Ravi's favourite editor is Neovim"),
            ("name", "Hiro's favourite editor is Neovim"),
            ("word", "Sofia's favourite font is Neovim"),
        ],
        "Sofia's favourite editor is not Neovim",
    ),
    (
        "The coffee machine on floor 3 is broken",
        ["Floor 3 coffee machine is broken", "The coffee machine on floor 3 is broken again"],
        ["The coffee machine on floor 3 is fixed", "The coffee machine on floor 3 is working"],
        [
            ("number", "The coffee machine on floor 4 is broken"),
            ("number", "The coffee machine on floor 13 is broken"),
            ("word", "The printer on floor 3 is broken"),
        ],
        "The coffee machine on floor 3 is not broken",
    ),
    (
        "Amara studies marine biology at Cardiff",
        ["Amara is studying marine biology at Cardiff", "At Cardiff Amara studies marine biology"],
        ["Amara studies marine biology at Bristol", "Amara studies marine chemistry at Cardiff"],
        [
            ("name", "Kofi studies marine biology at Cardiff"),
            ("name", "Nadia studies marine biology at Cardiff"),
            ("name", "Pavel studies marine biology at Cardiff"),
        ],
        "Amara does not study marine biology at Cardiff",
    ),
    (
        "Contract C-2291 renews on January 1",
        ["Contract C-2291 is renewed on January 1", "C-2291 renews on January 1"],
        ["Contract C-2291 renews on February 1", "Contract C-2291 renews on January 15"],
        [
            ("id", "Contract C-2292 renews on January 1"),
            ("id", "Contract C-2219 renews on January 1"),
            ("id", "Contract D-2291 renews on January 1"),
        ],
        "Contract C-2291 does not renew on January 1",
    ),
    (
        "The design review needs two approvals",
        ["Design review needs two approvals", "The design review requires two approvals"],
        ["The design review needs three approvals", "The design review needs one approval"],
        [
            ("word", "The code review needs two approvals"),
            ("word", "The budget review needs two approvals"),
            ("word", "The design change needs two approvals"),
        ],
        "The design review does not need two approvals",
    ),
    (
        "Hiro drives a blue Toyota",
        ["Hiro drives a blue Toyota car", "Hiro's car is a blue Toyota"],
        ["Hiro drives a red Toyota", "Hiro drives a blue Honda"],
        [
            ("name", "Keiko drives a blue Toyota"),
            ("name", "Daichi drives a blue Toyota"),
            ("name", "Mei drives a blue Toyota"),
        ],
        "Hiro does not drive a blue Toyota",
    ),
    (
        "Backups are kept for 30 days",
        ["We keep backups for 30 days", "backups are retained for 30 days"],
        ["Backups are kept for 90 days", "Backups are kept for 7 days"],
        [
            ("word", "Logs are kept for 30 days"),
            ("word", "Invoices are kept for 30 days"),
            ("word", "Snapshots are kept for 30 days"),
        ],
        "Backups are not kept for 30 days",
    ),
    (
        "Nadia's daughter Mila starts school in September",
        [
            "Nadia's daughter Mila will start school in September",
            "In September Nadia's daughter Mila starts school",
        ],
        [
            "Nadia's daughter Mila starts school in August",
            "Nadia's daughter Mila starts school in October",
        ],
        [
            ("name", "Nadia's daughter Zoe starts school in September"),
            ("name", "Nadia's son Leo starts school in September"),
            ("name", "Kofi's daughter Mila starts school in September"),
        ],
        "Nadia's daughter Mila does not start school in September",
    ),
    (
        "The on-call rotation changes every Monday at noon",
        [
            "Every Monday at noon the on-call rotation changes",
            "The on-call rotation switches every Monday at noon",
        ],
        [
            "The on-call rotation changes every Monday at 9 am",
            "The on-call rotation changes every Wednesday at noon",
        ],
        [
            ("word", "The lunch menu changes every Monday at noon"),
            ("word", "The wifi password changes every Monday at noon"),
            ("word", "The support rotation changes every Monday at noon"),
        ],
        "The on-call rotation does not change every Monday at noon",
    ),
]


# Added in a later session, before any rule was changed for them: synonym paraphrases
# (the misses of the first set) and look-alikes that swap one plain word for a close
# one. The split is given explicitly; most go to test, so the untouched split grows.
ADDED: list[tuple[str, Family]] = [
    (
        "test",
        (
            "The team lunch is on Fridays",
            ["Team lunch happens every Friday", "We have the team lunch on Fridays",
             "The team lunch takes place on Fridays"],
            ["The team lunch is on Thursdays"],
            [("word", "The team meeting is on Fridays"), ("word", "The team dinner is on Fridays")],
            "The team lunch is not on Fridays",
        ),
    ),
    (
        "test",
        (
            "Our API returns errors as JSON",
            ["Our API sends back errors as JSON", "Errors from our API come back as JSON",
             "Our API responds with errors in JSON"],
            ["Our API returns errors as XML"],
            [("word", "Our API logs errors as JSON"), ("name", "Our CLI returns errors as JSON")],
            "Our API never returns errors as JSON",
        ),
    ),
    (
        "test",
        (
            "Maria prefers tea over coffee",
            ["Maria likes tea more than coffee", "Maria would rather drink tea than coffee"],
            ["Maria prefers water over coffee"],
            [("name", "Tom prefers tea over coffee"),
             ("word", "Maria's daughter prefers tea over coffee")],
            "Maria does not prefer tea over coffee",
        ),
    ),
    (
        "test",
        (
            "The build server restarts every night",
            ["The build server reboots every night", "Every night the build server restarts",
             "The build server restarts nightly"],
            ["The build server restarts every week"],
            [("word", "The mail server restarts every night"),
             ("word", "The build server backs up every night")],
            "The build server no longer restarts every night",
        ),
    ),
    (
        "test",
        (
            "Customer invoices are sent at the end of the month",
            ["Invoices to customers go out at the end of the month",
             "We send customer invoices at month end",
             "Customer invoices are mailed at the end of each month"],
            ["Customer invoices are sent at the start of the month"],
            [("word", "Supplier invoices are sent at the end of the month"),
             ("word", "Customer surveys are sent at the end of the month")],
            "Customer invoices are not sent at the end of the month",
        ),
    ),
    (
        "test",
        (
            "The VPN password rotates every quarter",
            ["The VPN password changes every quarter", "Every quarter the VPN password is rotated",
             "The password for the VPN rotates quarterly"],
            ["The VPN password rotates every month"],
            [("word", "The VPN certificate rotates every quarter"),
             ("name", "The Wi-Fi password rotates every quarter")],
            "The VPN password never rotates",
        ),
    ),
    (
        "test",
        (
            "Sam is allergic to peanuts",
            ["Sam has a peanut allergy", "Peanuts give Sam an allergic reaction"],
            ["Sam is allergic to shellfish"],
            [("name", "Priya is allergic to peanuts"),
             ("word", "Sam's son is allergic to peanuts")],
            "Sam is not allergic to peanuts",
        ),
    ),
    (
        "test",
        (
            "The quarterly report is due next Monday",
            ["The quarterly report must be submitted by next Monday",
             "Next Monday is the deadline for the quarterly report"],
            ["The quarterly report is due next Wednesday"],
            [("word", "The annual report is due next Monday"),
             ("word", "The quarterly budget is due next Monday")],
            "The quarterly report is not due next Monday",
        ),
    ),
    (
        "test",
        (
            "Large files should be uploaded to the shared drive",
            ["Big files should be uploaded to the shared drive",
             "Upload large files to the shared drive", "Large files belong on the shared drive"],
            ["Large files should be uploaded to the S3 bucket"],
            [("word", "Large files should be deleted from the shared drive"),
             ("word", "Small files should be uploaded to the shared drive")],
            "Large files should not be uploaded to the shared drive",
        ),
    ),
    (
        "test",
        (
            "The on-call engineer gets paged for outages",
            ["The on-call engineer is paged when there is an outage",
             "Outages page the on-call engineer"],
            [],
            [("word", "The support engineer gets paged for outages"),
             ("word", "The on-call manager gets paged for outages")],
            "The on-call engineer does not get paged for outages",
        ),
    ),
    (
        "dev",
        (
            "The coffee machine on the second floor is broken",
            ["The coffee machine on the second floor is out of order",
             "The second floor coffee machine is broken",
             "The coffee maker on the second floor is broken"],
            ["The coffee machine on the second floor is fixed"],
            [("word", "The coffee machine on the third floor is broken"),
             ("word", "The printer on the second floor is broken")],
            "The coffee machine on the second floor is not broken",
        ),
    ),
    (
        "dev",
        (
            "Alex manages the billing service",
            ["Alex is in charge of the billing service", "The billing service is managed by Alex",
             "Alex runs the billing service"],
            [],
            [("name", "Jordan manages the billing service"),
             ("word", "Alex manages the billing team")],
            "Alex no longer manages the billing service",
        ),
    ),
    (
        "dev",
        (
            "Our office closes early on Fridays",
            ["The office shuts early on Fridays", "On Fridays our office closes early",
             "Our office closes early every Friday"],
            ["Our office closes early on Thursdays"],
            [("word", "Our office opens early on Fridays"),
             ("word", "Our warehouse closes early on Fridays")],
            "Our office does not close early on Fridays",
        ),
    ),
    (
        "dev",
        (
            "New hires get a laptop on their first day",
            ["New employees get a laptop on their first day",
             "New hires receive a laptop on day one",
             "On their first day new hires are given a laptop"],
            ["New hires get a laptop in their first week"],
            [("word", "New hires get a badge on their first day"),
             ("word", "Interns get a laptop on their first day")],
            "New hires do not get a laptop on their first day",
        ),
    ),
    (
        "dev",
        (
            "The nightly backup takes about two hours",
            ["The nightly backup lasts about two hours",
             "The backup each night takes roughly two hours",
             "It takes about two hours to run the nightly backup"],
            ["The nightly backup takes about four hours"],
            [("word", "The nightly build takes about two hours"),
             ("word", "The weekly backup takes about two hours")],
            "The nightly backup does not take two hours",
        ),
    ),
    (
        "dev",
        (
            "Kim speaks fluent Spanish",
            ["Kim is fluent in Spanish", "Kim speaks Spanish fluently"],
            [],
            [("name", "Lee speaks fluent Spanish"), ("word", "Kim writes fluent Spanish")],
            "Kim does not speak Spanish",
        ),
    ),
    (
        "dev",
        (
            "Olga's laptop runs Linux",
            ["Olga's laptop is running Linux", "Linux runs on Olga's laptop"],
            ["Olga's laptop runs Windows"],
            [("word", "Olga's old laptop runs Linux"),
             ("word", "Olga's sister's laptop runs Linux")],
            "Olga's laptop does not run Linux",
        ),
    ),
    (
        "dev",
        (
            "The marketing team meets on Wednesdays",
            ["The marketing team has its meeting on Wednesdays",
             "Marketing team meets every Wednesday"],
            ["The marketing team meets on Tuesdays"],
            [("word", "The marketing leads team meets on Wednesdays"),
             ("word", "The marketing team's interns meet on Wednesdays")],
            "The marketing team does not meet on Wednesdays",
        ),
    ),
]  # fmt: skip


def pairs() -> list[dict[str, str]]:
    """Every labelled pair, in family order: of the first set even families are dev and
    odd ones test; the ADDED families (numbered after them) carry their split; the
    `test2` families (`reconcile_probes_test2`), more dev ones
    (`reconcile_probes_dev2`), the `test3` families (`reconcile_probes_test3`) and the
    `test4` to `test9` families (`reconcile_probes_test4`, `_test5` … `_test9`)
    come last, each rewording with its `how`."""
    families = [("dev" if n % 2 == 0 else "test", f) for n, f in enumerate(FAMILIES)] + ADDED
    rows: list[dict[str, str]] = []
    for number, (split, (base, reworded, updated, distinct, negation)) in enumerate(families):
        rows += family_rows(split, number, base, [("", t) for t in reworded], updated,
                            distinct, negation)  # fmt: skip
    later = [("test2", f) for f in FAMILIES_TEST2]
    later += [("dev", f) for f in FAMILIES_DEV2 + FAMILIES_DEV3 + FAMILIES_DEV4]
    later += [("test3", f) for f in FAMILIES_TEST3]
    later += [("test4", f) for f in FAMILIES_TEST4]
    later += [("test5", f) for f in FAMILIES_TEST5]
    later += [("test6", f) for f in FAMILIES_TEST6]
    later += [("test7", f) for f in FAMILIES_TEST7]
    later += [("test8", f) for f in FAMILIES_TEST8]
    later += [("test9", f) for f in FAMILIES_TEST9]
    for number, (split, (base, how_reworded, updated, distinct, negation)) in enumerate(
        later, start=len(families)
    ):
        rows += family_rows(split, number, base, how_reworded, updated, distinct, negation)
    return rows


def family_rows(
    split: str,
    number: int,
    base: str,
    reworded: list[tuple[str, str]],
    updated: list[str],
    distinct: list[tuple[str, str]],
    negation: str,
) -> list[dict[str, str]]:
    """One family's labelled pairs; a rewording's `how` is written when it is given."""
    labelled = [(base.upper() + ".", "NOOP", "same", "")]
    labelled += [(text, "MERGE", "reworded", how) for how, text in reworded]
    labelled += [(text, "UPDATE", "updated", "") for text in updated]
    labelled += [(text, "ADD", f"distinct_{kind}", "") for kind, text in distinct]
    labelled.append((negation, "ADD", "negation", ""))
    rows = []
    for new, label, kind, how in labelled:
        row = {"split": split, "family": str(number), "kind": kind, "label": label,
               "old": base, "new": new}  # fmt: skip
        if how:
            row["how"] = how
        rows.append(row)
    return rows


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as fh:
        for item in pairs():
            fh.write(json.dumps(item, ensure_ascii=False) + "\n")
    print(f"{len(pairs())} pairs -> {OUT.relative_to(OUT.parents[3])}")


if __name__ == "__main__":
    main()
