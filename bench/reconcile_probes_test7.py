"""The `test7` split of the reconciliation probe set (written blind; tuned on since recon8).

Written blind on 2026-12-03, before any rule was changed for it and without opening
any rule under core/remember or any other split's pairs: only the probe set's README,
`bench/reconcile_quality.py` and the shape of `reconcile_probes_test2` / `_test6` were
read. Why another hold-out: `test2`, `test5` and `test6` have each been read in
aggregate after changes, so a split no change has yet been measured against tells what
the rules do on facts nobody tuned for.

New base facts in registers the earlier splits barely use: infra and on-call notes
(a recovery runbook, a pager, index shards and rollover, a DNS record, a pinned Redis written as a
lower-case chat line), sales and CRM (a deal's stage, a customer's trial, a rep's
quarter), HR and benefits (a 401(k) match, vacation days, open enrollment, payroll),
a hardware lab (an oscilloscope booking, a board's current draw, a 3D printer), finance
approvals (a threshold, a purchase order), game-server admin on Discord (a Minecraft
server, an invite-link rule, movie night), open-source maintainer chat (a dropped
Python version, an issue, a release branch), family logistics (a grandmother's
arrival, a car's MOT), health and fitness (resting heart rate, a squat programme,
physio), travel bookings (a train, a rental car), pets (a dog's tablets, a cattery),
hobbies (knitting, a D&D group), cooking (sourdough, pierogi) and students (a midterm,
a TA's office hours). Multi-sentence facts, numbers with units, names with diacritics
(Hélène, Ana Lúcia, Reykjavík, twaróg) and lower-case chat lines occur.

Every family has the same fact reworded (a `how` each, as a user re-saving it days
later would type it; `casual` is new here: the formal line typed as a lower-case chat
line or back), an update only where the changed value after the verb cannot be a
second fact (a time, a threshold, a count, an owner, a place, a version), look-alikes
that must stay apart (another person, an id or a name one character away, another
number or date, a word added to the subject, another object, the opposite, another
event; `object` and `tense` — a plan or a past state beside a present fact — are kinds
new here) and a negation. Same shape as `reconcile_probes_test2`.

397 pairs, 38 families. Labels: NOOP 38, MERGE 153 (abbreviation 40, reorder 32, typo 21,
casual 14, synonym 13, paraphrase 11, passive 11, spelling 6, filler 3, contraction 2),
UPDATE 50, ADD 156 (distinct 118: word 27, name 23, object 19, id 11, tense 9, verb 8,
antonym 8, date 7, near 3, number 3; negation 38). Before it was measured, each base was
checked mechanically against the other splits' texts (word-set overlap; only the score
and the shared words were printed, no pair): two written blind coincided with `test5`
bases (a nightly database backup, a Kafka disk alert) and one shared a topic with it (a
customer contract's renewal); all three were replaced. No text is shared with another
split.

Baseline, measured once on the rules of main 015ab4a, before any rule was changed for
this split (`python bench/reconcile_quality.py --no-ingest --json`, only `test7`'s
aggregates read): distinct facts folded 6.41 %, true duplicates caught 58.12 %, updates
recognised 58.0 % (ADD precision 0.591 / recall 0.936, UPDATE 0.707 / 0.580, MERGE
0.984 / 0.405, NOOP 0.826 / 1.000).

Relabelled on 2026-12-03 (branch recon8, by the label conventions in
tests/data/reconcile/README.md, once this split had become tuning data): 3 rows (a
recurring day moved: the oscilloscope booking, the office hours, physio) moved from
`distinct_date` (ADD) to the family's updates (UPDATE).
"""

from __future__ import annotations

from bench.reconcile_probes_test2 import Family2

FAMILIES_TEST7: list[Family2] = [
    (
        "To recover a stuck payments gateway node, drain it in the load balancer first, then "
        "restart nginx. Never do it during the 18:00–19:00 settlement window.",
        [("abbreviation", "To recover a stuck payments gateway node, drain it in the LB first, "
                          "then restart nginx. Never do it during the 18:00–19:00 settlement "
                          "window."),
         ("paraphrase", "To recover a stuck payments gateway node, first drain it in the load "
                        "balancer and then restart nginx, never during the 18:00–19:00 "
                        "settlement window."),
         ("casual", "stuck payments gateway node? drain it in the lb first, then restart nginx. "
                    "never during the 18-19 settlement window"),
         ("typo", "To recover a stuck payments gateway node, drain it in the load balancer "
                  "first, then restart ngnix. Never do it during the 18:00–19:00 settlement "
                  "window.")],
        ["To recover a stuck payments gateway node, drain it in the load balancer first, then "
         "restart nginx. Never do it during the 17:30–19:00 settlement window."],
        [("word", "To recover a stuck payments gateway canary node, drain it in the load "
                  "balancer first, then restart nginx. Never do it during the 18:00–19:00 "
                  "settlement window."),
         ("name", "To recover a stuck refunds gateway node, drain it in the load balancer "
                  "first, then restart nginx. Never do it during the 18:00–19:00 settlement "
                  "window."),
         ("verb", "To decommission a payments gateway node, drain it in the load balancer "
                  "first, then stop nginx. Never do it during the 18:00–19:00 settlement "
                  "window."),
         ("antonym", "To recover a stuck payments gateway node, drain it in the load balancer "
                     "first, then restart nginx. Only do it during the 18:00–19:00 settlement "
                     "window.")],
        "To recover a stuck payments gateway node, you don't need to drain it in the load "
        "balancer first.",
    ),
    (
        "Jonas is on call for the search cluster this week",
        [("abbreviation", "Jonas is on-call for the search cluster this wk"),
         ("reorder", "This week Jonas is on call for the search cluster"),
         ("paraphrase", "Jonas has the pager for the search cluster this week"),
         ("typo", "Jonas is on call for the serach cluster this week")],
        [],
        [("name", "Aiko is on call for the search cluster this week"),
         ("date", "Jonas is on call for the search cluster next week"),
         ("object", "Jonas is on call for the billing cluster this week"),
         ("word", "Jonas is on call for the search staging cluster this week"),
         ("near", "Jonas is shadowing on call for the search cluster this week")],
        "Jonas isn't on call for the search cluster this week",
    ),
    (
        "The prod Elasticsearch indices have 3 primary shards and 1 replica each; the log-* ones "
        "roll over at 50 GB",
        [("abbreviation", "The prod ES indices have 3 primary shards and 1 replica each; the "
                          "log-* ones roll over at 50GB"),
         ("abbreviation", "The production Elasticsearch indices have 3 primary shards and 1 "
                          "replica each; the log-* ones roll over at 50 GB"),
         ("reorder", "Each prod Elasticsearch index has 3 primary shards and 1 replica; the "
                     "log-* ones roll over at 50 GB"),
         ("filler", "fyi the prod Elasticsearch indices have 3 primary shards and 1 replica "
                    "each; the log-* ones roll over at 50 GB")],
        ["The prod Elasticsearch indices have 3 primary shards and 1 replica each; the log-* "
         "ones roll over at 30 GB",
         "The prod Elasticsearch indices have 3 primary shards and 2 replicas each; the log-* "
         "ones roll over at 50 GB"],
        [("antonym", "The staging Elasticsearch indices have 3 primary shards and 1 replica "
                     "each; the log-* ones roll over at 50 GB"),
         ("word", "The prod Elasticsearch audit indices have 3 primary shards and 1 replica "
                  "each; the audit-* ones roll over at 50 GB"),
         ("id", "The prod Elasticsearch indices have 3 primary shards and 1 replica each; the "
                "logs-* ones roll over at 50 GB")],
        "The prod Elasticsearch indices don't roll over at 50 GB",
    ),
    (
        "Deal #6093 with Lindqvist Logistics is in the negotiation stage, worth €48,000 ARR",
        [("abbreviation", "Deal #6093 with Lindqvist Logistics is in negotiation, worth €48k ARR"),
         ("reorder", "Worth €48,000 ARR, deal #6093 with Lindqvist Logistics is in the "
                     "negotiation stage"),
         ("casual", "lindqvist logistics deal #6093 is in negotiation, €48,000 arr"),
         ("typo", "Deal #6093 with Lindqvist Logistics is in the negotation stage, worth "
                  "€48,000 ARR")],
        ["Deal #6093 with Lindqvist Logistics is in the closed-won stage, worth €48,000 ARR",
         "Deal #6093 with Lindqvist Logistics is in the negotiation stage, worth €52,000 ARR"],
        [("id", "Deal #6039 with Lindqvist Logistics is in the negotiation stage, worth €48,000 "
                "ARR"),
         ("word", "The upsell deal with Lindqvist Logistics is in the negotiation stage, worth "
                  "€48,000 ARR"),
         ("name", "Deal #6094 with Lindgren Logistics is in the negotiation stage, worth "
                  "€48,000 ARR")],
        "Deal #6093 with Lindqvist Logistics is no longer in the negotiation stage",
    ),
    (
        "Brightwater Health's trial of the analytics add-on ends on 30 September; they want a "
        "15% discount to convert",
        [("abbreviation", "Brightwater Health's trial of the analytics add-on ends 30 Sept; "
                          "they want a 15% discount to convert"),
         ("spelling", "Brightwater Health's trial of the analytics add-on ends on September 30; "
                      "they want a 15% discount to convert"),
         ("reorder", "They want a 15% discount to convert: Brightwater Health's trial of the "
                     "analytics add-on ends on 30 September"),
         ("paraphrase", "Brightwater Health's analytics add-on trial ends on 30 September, and "
                        "they're asking for 15% off to convert")],
        ["Brightwater Health's trial of the analytics add-on ends on 14 October; they want a 15% "
         "discount to convert",
         "Brightwater Health's trial of the analytics add-on ends on 30 September; they want a "
         "20% discount to convert"],
        [("name", "Clearwater Health's trial of the analytics add-on ends on 30 September; they "
                  "want a 15% discount to convert"),
         ("object", "Brightwater Health's trial of the scheduling add-on ends on 30 September; "
                    "they want a 15% discount to convert"),
         ("verb", "Brightwater Health's trial of the analytics add-on starts on 30 September; "
                  "they want a 15% discount to convert")],
        "Brightwater Health's trial of the analytics add-on doesn't end on 30 September",
    ),
    (
        "The company matches 401(k) contributions up to 4% of salary",
        [("paraphrase", "The company's 401(k) match goes up to 4% of salary"),
         ("passive", "401(k) contributions are matched by the company up to 4% of salary"),
         ("abbreviation", "The co. matches 401k contributions up to 4% of salary"),
         ("casual", "company matches 401k contributions up to 4 pct of salary")],
        ["The company matches 401(k) contributions up to 6% of salary"],
        [("word", "The company matches HSA contributions up to 4% of salary"),
         ("object", "The company matches charity donations up to 4% of salary"),
         ("tense", "The company will match 401(k) contributions up to 4% of salary from January")],
        "The company doesn't match 401(k) contributions",
    ),
    (
        "New hires get 25 days of paid vacation plus their birthday off",
        [("synonym", "New hires get 25 days of paid holiday plus their birthday off"),
         ("abbreviation", "New hires get 25 days PTO plus their birthday off"),
         ("reorder", "Plus their birthday off, new hires get 25 days of paid vacation"),
         ("typo", "New hires get 25 days of paid vaction plus their birthday off"),
         ("filler", "just so you know, new hires get 25 days of paid vacation plus their "
                    "birthday off")],
        ["New hires get 28 days of paid vacation plus their birthday off"],
        [("word", "New hires in Germany get 25 days of paid vacation plus their birthday off"),
         ("word", "Interns get 25 days of paid vacation plus their birthday off"),
         ("near", "New hires get 25 days of paid sick leave plus their birthday off")],
        "New hires don't get their birthday off",
    ),
    (
        "Open enrollment for health insurance closes on November 22 at 5pm Pacific",
        [("abbreviation", "Open enrollment for health insurance closes Nov 22 at 5pm PT"),
         ("reorder", "On November 22 at 5pm Pacific, open enrollment for health insurance closes"),
         ("synonym", "Open enrollment for health insurance ends on November 22 at 5pm Pacific"),
         ("casual", "health insurance open enrollment closes nov 22, 5pm pacific")],
        ["Open enrollment for health insurance closes on November 29 at 5pm Pacific"],
        [("verb", "Open enrollment for health insurance opens on November 22 at 5pm Pacific"),
         ("word", "Open enrollment for dental insurance closes on November 22 at 5pm Pacific"),
         ("word", "Late enrollment for health insurance closes on November 22 at 5pm Pacific")],
        "Open enrollment for health insurance doesn't close on November 22",
    ),
    (
        "The oscilloscope in lab B2 is booked by Priyanka every Tuesday from 9 to 12",
        [("abbreviation", "The scope in lab B2 is booked by Priyanka every Tue from 9 to 12"),
         ("passive", "Priyanka books the oscilloscope in lab B2 every Tuesday from 9 to 12"),
         ("reorder", "Every Tuesday from 9 to 12 the oscilloscope in lab B2 is booked by Priyanka"),
         ("typo", "The osciloscope in lab B2 is booked by Priyanka every Tuesday from 9 to 12")],
        ["The oscilloscope in lab B2 is booked by Priyanka every Tuesday from 9 to 11",
         # a recurring day changed is an update (README, label conventions; was "date")
         "The oscilloscope in lab B2 is booked by Priyanka every Thursday from 9 to 12"],
        [("id", "The oscilloscope in lab B3 is booked by Priyanka every Tuesday from 9 to 12"),
         ("object", "The logic analyser in lab B2 is booked by Priyanka every Tuesday from 9 to "
                    "12"),
         ("name", "The oscilloscope in lab B2 is booked by Priyanka's intern every Tuesday "
                  "from 9 to 12")],
        "The oscilloscope in lab B2 isn't booked by Priyanka on Tuesdays",
    ),
    (
        "Board rev C of the sensor hub draws 38 mA at 3.3 V in idle",
        [("reorder", "In idle, board rev C of the sensor hub draws 38 mA at 3.3 V"),
         ("abbreviation", "Board rev C of the sensor hub draws 38mA @ 3.3V idle"),
         ("abbreviation", "Board revision C of the sensor hub draws 38 milliamps at 3.3 volts "
                          "in idle"),
         ("synonym", "Board rev C of the sensor hub consumes 38 mA at 3.3 V in idle")],
        ["Board rev C of the sensor hub draws 31 mA at 3.3 V in idle"],
        [("id", "Board rev D of the sensor hub draws 38 mA at 3.3 V in idle"),
         ("antonym", "Board rev C of the sensor hub draws 38 mA at 3.3 V under full load"),
         ("number", "Board rev C of the sensor hub draws 38 mA at 5 V in idle"),
         ("word", "The radio on board rev C of the sensor hub draws 38 mA at 3.3 V in idle")],
        "Board rev C of the sensor hub doesn't draw 38 mA at 3.3 V in idle",
    ),
    (
        "The approval threshold for expenses is $2,500; anything above needs Hélène's sign-off",
        [("abbreviation", "The approval threshold for expenses is $2.5k; anything above needs "
                          "Hélène's sign-off"),
         ("spelling", "The approval threshold for expenses is $2,500; anything above needs "
                      "Helene's sign-off"),
         ("paraphrase", "Expenses above the $2,500 approval threshold need Hélène's sign-off"),
         ("synonym", "The approval limit for expenses is $2,500; anything above needs Hélène's "
                     "sign-off")],
        ["The approval threshold for expenses is $5,000; anything above needs Hélène's sign-off"],
        [("word", "The approval threshold for travel expenses is $2,500; anything above needs "
                  "Hélène's sign-off"),
         ("object", "The approval threshold for purchase orders is $2,500; anything above needs "
                    "Hélène's sign-off"),
         ("tense", "The approval threshold for expenses will be $2,500 from Q1; anything above "
                   "will need Hélène's sign-off")],
        "There is no approval threshold for expenses; nothing needs Hélène's sign-off",
    ),
    (
        "PO-88213 for the new GPU servers was approved on 14 November for $312,400",
        [("abbreviation", "PO-88213 for the new GPU servers was approved on 14 Nov for $312.4k"),
         ("reorder", "On 14 November, PO-88213 for the new GPU servers was approved for $312,400"),
         ("passive", "Finance approved PO-88213 for the new GPU servers on 14 November for "
                     "$312,400"),
         ("typo", "PO-88213 for the new GPU severs was approved on 14 November for $312,400")],
        ["PO-88213 for the new GPU servers was approved on 14 November for $298,000"],
        [("id", "PO-88231 for the new GPU servers was approved on 14 November for $312,400"),
         ("verb", "PO-88213 for the new GPU servers was submitted on 14 November for $312,400"),
         ("word", "PO-88214 for the new GPU server racks was approved on 14 November for "
                  "$312,400")],
        "PO-88213 for the new GPU servers wasn't approved",
    ),
    (
        "The Minecraft server restarts every day at 4am CET and the whitelist is managed by "
        "@kestrel",
        [("abbreviation", "The MC server restarts daily at 4am CET and the whitelist is managed "
                          "by @kestrel"),
         ("reorder", "The whitelist is managed by @kestrel and the Minecraft server restarts "
                     "every day at 4am CET"),
         ("synonym", "The Minecraft server reboots every day at 4am CET and the whitelist is "
                     "managed by @kestrel"),
         ("typo", "The Minecraft server restarts every day at 4am CET and the whitelist is "
                  "manged by @kestrel")],
        ["The Minecraft server restarts every day at 5am CET and the whitelist is managed by "
         "@kestrel",
         "The Minecraft server restarts every day at 4am CET and the whitelist is managed by "
         "@wrenfield"],
        [("name", "The Valheim server restarts every day at 4am CET and the whitelist is "
                  "managed by @kestrel"),
         ("word", "The modded Minecraft server restarts every day at 4am CET and the whitelist "
                  "is managed by @kestrel"),
         ("verb", "The Minecraft server backs up every day at 4am CET and the whitelist is "
                  "managed by @kestrel")],
        "The Minecraft server doesn't restart every day at 4am CET anymore",
    ),
    (
        "Anyone who posts invite links in #general gets a 24-hour timeout from the bot",
        [("abbreviation", "Anyone who posts invite links in #general gets a 24h timeout from "
                          "the bot"),
         ("passive", "A 24-hour timeout is given by the bot to anyone who posts invite links in "
                     "#general"),
         ("casual", "post invite links in #general and the bot times you out for 24 hours"),
         ("paraphrase", "Anyone posting invite links in #general gets a 24-hour timeout from "
                        "the bot")],
        ["Anyone who posts invite links in #general gets a 1-hour timeout from the bot"],
        [("name", "Anyone who posts invite links in #memes gets a 24-hour timeout from the bot"),
         ("object", "Anyone who posts NSFW images in #general gets a 24-hour timeout from the bot"),
         ("word", "Anyone who posts invite links in #general twice gets a 24-hour timeout from "
                  "the bot")],
        "Anyone who posts invite links in #general doesn't get a timeout from the bot",
    ),
    (
        "tidewave 2.0 drops support for Python 3.8; 1.9.x is the last line that supports it",
        [("abbreviation", "tidewave 2.0 drops support for py3.8; 1.9.x is the last line that "
                          "supports it"),
         ("passive", "Python 3.8 support is dropped in tidewave 2.0; 1.9.x is the last line "
                     "that supports it"),
         ("reorder", "1.9.x is the last tidewave line that supports Python 3.8; 2.0 drops "
                     "support for it"),
         ("filler", "heads up: tidewave 2.0 drops support for Python 3.8; 1.9.x is the last "
                    "line that supports it")],
        [],
        [("number", "tidewave 2.0 drops support for Python 3.9; 1.9.x is the last line that "
                    "supports it"),
         ("object", "tidewave 2.0 drops support for PyPy 3.8; 1.9.x is the last line that "
                    "supports it"),
         ("antonym", "tidewave 2.0 adds support for Python 3.13; 1.9.x never will"),
         ("tense", "tidewave 3.0 will drop support for Python 3.9; 2.x is the last line that "
                   "will support it")],
        "tidewave 2.0 doesn't drop support for Python 3.8",
    ),
    (
        "Issue #1184 (segfault on ARM64 when reading empty files) is assigned to Noor and "
        "targeted for 2.0.1",
        [("reorder", "Targeted for 2.0.1, issue #1184 (segfault on ARM64 when reading empty "
                     "files) is assigned to Noor"),
         ("abbreviation", "Issue #1184 (segfault on arm64 when reading empty files) is assigned "
                          "to Noor, targeted for v2.0.1"),
         ("passive", "Noor has been assigned issue #1184 (segfault on ARM64 when reading empty "
                     "files), targeted for 2.0.1"),
         ("typo", "Issue #1184 (segfualt on ARM64 when reading empty files) is assigned to "
                  "Noor and targeted for 2.0.1")],
        ["Issue #1184 (segfault on ARM64 when reading empty files) is assigned to Noor and "
         "targeted for 2.0.2",
         "Issue #1184 (segfault on ARM64 when reading empty files) is assigned to Jakub and "
         "targeted for 2.0.1"],
        [("id", "Issue #1148 (segfault on ARM64 when reading empty files) is assigned to Noor "
                "and targeted for 2.0.1"),
         ("word", "Issue #1185 (segfault on x86 when reading empty files) is assigned to Noor "
                  "and targeted for 2.0.1")],
        "Issue #1184 (segfault on ARM64 when reading empty files) isn't targeted for 2.0.1",
    ),
    (
        "Grandma Ilse lands at Hamburg airport on Saturday at 14:40 and Tobi is picking her up",
        [("reorder", "Tobi is picking up Grandma Ilse, who lands at Hamburg airport on Saturday "
                     "at 14:40"),
         ("abbreviation", "Grandma Ilse lands at HAM on Sat at 14:40 and Tobi is picking her up"),
         ("casual", "grandma ilse lands at hamburg airport sat 14:40, tobi's picking her up"),
         ("typo", "Grandma Ilse lands at Hamburg airprot on Saturday at 14:40 and Tobi is "
                  "picking her up")],
        ["Grandma Ilse lands at Hamburg airport on Saturday at 16:05 and Tobi is picking her up",
         "Grandma Ilse lands at Hamburg airport on Saturday at 14:40 and Mareike is picking her "
         "up"],
        [("name", "Grandma Inge lands at Hamburg airport on Saturday at 14:40 and Tobi is "
                  "picking her up"),
         ("verb", "Grandma Ilse flies out of Hamburg airport on Saturday at 14:40 and Tobi is "
                  "dropping her off"),
         ("word", "Grandma Ilse's suitcase lands at Hamburg airport on Saturday at 14:40 and "
                  "Tobi is picking it up")],
        "Tobi isn't picking Grandma Ilse up from Hamburg airport on Saturday",
    ),
    (
        "The car is due for its MOT on 12 January at Kwik Garage on Mill Road",
        [("abbreviation", "The car is due for its MOT on 12 Jan at Kwik Garage on Mill Rd"),
         ("reorder", "On 12 January the car is due for its MOT at Kwik Garage on Mill Road"),
         ("paraphrase", "The car's MOT is due on 12 January at Kwik Garage on Mill Road"),
         ("casual", "car's due its mot 12 jan at kwik garage, mill road")],
        ["The car is due for its MOT on 19 January at Kwik Garage on Mill Road",
         "The car is due for its MOT on 12 January at Halfords on Station Road"],
        [("word", "The camper van is due for its MOT on 12 January at Kwik Garage on Mill Road"),
         ("object", "The car is due for its annual service on 12 January at Kwik Garage on Mill "
                    "Road"),
         ("tense", "The car passed its MOT on 12 January at Kwik Garage on Mill Road")],
        "The car isn't due for its MOT on 12 January",
    ),
    (
        "My resting heart rate has been around 54 bpm since I started running 5k three times a "
        "week",
        [("abbreviation", "My resting HR has been around 54 bpm since I started running 5k 3x a "
                          "week"),
         ("reorder", "Since I started running 5k three times a week, my resting heart rate has "
                     "been around 54 bpm"),
         ("typo", "My resting heart rate has been aroud 54 bpm since I started running 5k three "
                  "times a week"),
         ("synonym", "My resting heart rate has been about 54 bpm since I started running 5k "
                     "three times a week")],
        ["My resting heart rate has been around 51 bpm since I started running 5k three times a "
         "week"],
        [("name", "My wife's resting heart rate has been around 54 bpm since she started "
                  "running 5k three times a week"),
         ("number", "My resting heart rate has been around 54 bpm since I started running 10k "
                    "three times a week"),
         ("object", "My resting heart rate has been around 54 bpm since I started swimming "
                    "three times a week"),
         ("antonym", "My peak heart rate has been around 154 bpm since I started running 5k "
                     "three times a week")],
        "My resting heart rate hasn't dropped to 54 bpm since I started running",
    ),
    (
        "Coach Dmitri set my squat target at 3 sets of 5 at 100 kg for the next four weeks",
        [("abbreviation", "Coach Dmitri set my squat target at 3x5 @ 100kg for the next 4 weeks"),
         ("passive", "My squat target was set by Coach Dmitri at 3 sets of 5 at 100 kg for the "
                     "next four weeks"),
         ("reorder", "For the next four weeks, Coach Dmitri set my squat target at 3 sets of 5 "
                     "at 100 kg"),
         ("typo", "Coach Dmitri set my sqaut target at 3 sets of 5 at 100 kg for the next four "
                  "weeks")],
        ["Coach Dmitri set my squat target at 3 sets of 5 at 105 kg for the next four weeks"],
        [("object", "Coach Dmitri set my deadlift target at 3 sets of 5 at 100 kg for the next "
                    "four weeks"),
         ("word", "Coach Dmitri set my front squat target at 3 sets of 5 at 100 kg for the next "
                  "four weeks"),
         ("name", "Coach Dmitri set Lukas's squat target at 3 sets of 5 at 100 kg for the next "
                  "four weeks")],
        "Coach Dmitri didn't set my squat target at 100 kg",
    ),
    (
        "The train to Lyon leaves Paris Gare de Lyon at 07:56 on 18 December, coach 12, seats 41 "
        "and 42",
        [("abbreviation", "The train to Lyon leaves Paris Gare de Lyon at 07:56 on 18 Dec, "
                          "coach 12, seats 41-42"),
         ("reorder", "On 18 December the train to Lyon leaves Paris Gare de Lyon at 07:56, "
                     "coach 12, seats 41 and 42"),
         ("synonym", "The train to Lyon departs Paris Gare de Lyon at 07:56 on 18 December, "
                     "coach 12, seats 41 and 42"),
         ("typo", "The train to Lyon leaves Paris Gare de Lyon at 07:56 on 18 Decmber, coach "
                  "12, seats 41 and 42")],
        ["The train to Lyon leaves Paris Gare de Lyon at 08:56 on 18 December, coach 12, seats "
         "41 and 42",
         "The train to Lyon leaves Paris Gare de Lyon at 07:56 on 18 December, coach 14, seats "
         "41 and 42"],
        [("name", "The train to Dijon leaves Paris Gare de Lyon at 07:56 on 18 December, coach "
                  "12, seats 41 and 42"),
         ("verb", "The train from Lyon arrives at Paris Gare de Lyon at 07:56 on 18 December, "
                  "coach 12, seats 41 and 42"),
         ("date", "The train to Lyon leaves Paris Gare de Lyon at 07:56 on 18 January, coach "
                  "12, seats 41 and 42")],
        "The train to Lyon doesn't leave Paris Gare de Lyon at 07:56 on 18 December",
    ),
    (
        "The rental car in Reykjavík is booked with Blue Car Rental, pickup 09:00 on 3 March, "
        "confirmation BCR-55172",
        [("abbreviation", "Rental car in Reykjavík booked w/ Blue Car Rental, pickup 9am 3 Mar, "
                          "conf BCR-55172"),
         ("spelling", "The rental car in Reykjavik is booked with Blue Car Rental, pickup 09:00 "
                      "on 3 March, confirmation BCR-55172"),
         ("reorder", "Pickup 09:00 on 3 March: the rental car in Reykjavík is booked with Blue "
                     "Car Rental, confirmation BCR-55172"),
         ("passive", "We booked the rental car in Reykjavík with Blue Car Rental, pickup 09:00 "
                     "on 3 March, confirmation BCR-55172")],
        ["The rental car in Reykjavík is booked with Blue Car Rental, pickup 13:00 on 3 March, "
         "confirmation BCR-55172"],
        [("id", "The rental car in Reykjavík is booked with Blue Car Rental, pickup 09:00 on 3 "
                "March, confirmation BCR-55127"),
         ("name", "The rental car in Akureyri is booked with Blue Car Rental, pickup 09:00 on 7 "
                  "March, confirmation BCR-55173"),
         ("verb", "The rental car in Reykjavík is returned to Blue Car Rental at 09:00 on 10 "
                  "March, confirmation BCR-55172")],
        "The rental car in Reykjavík isn't booked with Blue Car Rental",
    ),
    (
        "Biscuit the beagle gets half a tablet of Apoquel every morning with breakfast",
        [("reorder", "Every morning with breakfast, Biscuit the beagle gets half a tablet of "
                     "Apoquel"),
         ("passive", "Half a tablet of Apoquel is given to Biscuit the beagle every morning "
                     "with breakfast"),
         ("abbreviation", "Biscuit the beagle gets 1/2 a tablet of Apoquel every AM with "
                          "breakfast"),
         ("typo", "Biscuit the beagle gets half a tablet of Apoqel every morning with breakfast")],
        ["Biscuit the beagle gets a whole tablet of Apoquel every morning with breakfast"],
        [("name", "Pepper the beagle gets half a tablet of Apoquel every morning with breakfast"),
         ("antonym", "Biscuit the beagle gets half a tablet of Apoquel every evening with dinner"),
         ("object", "Biscuit the beagle gets half a tablet of Rimadyl every morning with "
                    "breakfast")],
        "Biscuit the beagle doesn't get Apoquel every morning anymore",
    ),
    (
        "Our cat Mochi is booked into the Whiskers Inn cattery from 20 to 27 December, room 4",
        [("abbreviation", "Our cat Mochi is booked into the Whiskers Inn cattery 20–27 Dec, "
                          "room 4"),
         ("reorder", "From 20 to 27 December our cat Mochi is booked into the Whiskers Inn "
                     "cattery, room 4"),
         ("casual", "mochi's booked into whiskers inn cattery dec 20-27, room 4"),
         ("synonym", "Our cat Mochi is booked into the Whiskers Inn cat hotel from 20 to 27 "
                     "December, room 4")],
        ["Our cat Mochi is booked into the Whiskers Inn cattery from 20 to 29 December, room 4",
         "Our cat Mochi is booked into the Whiskers Inn cattery from 20 to 27 December, room 7"],
        [("name", "Our cat Miso is booked into the Whiskers Inn cattery from 20 to 27 December, "
                  "room 4"),
         ("date", "Our cat Mochi is booked into the Whiskers Inn cattery from 20 to 27 "
                  "January, room 4")],
        "Our cat Mochi isn't booked into the Whiskers Inn cattery from 20 to 27 December",
    ),
    (
        "I'm knitting a moss-green cardigan for Freya with 4 mm needles and Drops Alpaca yarn",
        [("paraphrase", "I'm making Freya a moss-green cardigan, knitted with 4 mm needles and "
                        "Drops Alpaca yarn"),
         ("abbreviation", "I'm knitting a moss-green cardigan for Freya w/ 4mm needles and "
                          "Drops Alpaca yarn"),
         ("contraction", "I am knitting a moss-green cardigan for Freya with 4 mm needles and "
                         "Drops Alpaca yarn"),
         ("typo", "I'm kniting a moss-green cardigan for Freya with 4 mm needles and Drops "
                  "Alpaca yarn")],
        ["I'm knitting a moss-green cardigan for Freya with 3.5 mm needles and Drops Alpaca yarn"],
        [("name", "I'm knitting a moss-green cardigan for Fiona with 4 mm needles and Drops "
                  "Alpaca yarn"),
         ("object", "I'm knitting a moss-green scarf for Freya with 4 mm needles and Drops "
                    "Alpaca yarn"),
         ("tense", "I finished knitting a moss-green cardigan for Freya with 4 mm needles and "
                   "Drops Alpaca yarn")],
        "I'm not knitting a moss-green cardigan for Freya",
    ),
    (
        "Our D&D group meets every other Friday at Kasia's flat at 7pm; I play a half-elf bard "
        "named Thistle",
        [("abbreviation", "Our DnD group meets every other Fri at Kasia's flat at 7pm; I play a "
                          "half-elf bard named Thistle"),
         ("reorder", "Every other Friday at 7pm our D&D group meets at Kasia's flat; I play a "
                     "half-elf bard named Thistle"),
         ("synonym", "Our D&D group meets every other Friday at Kasia's apartment at 7pm; I "
                     "play a half-elf bard named Thistle"),
         ("casual", "d&d group meets every other friday 7pm at kasia's flat, i play a half-elf "
                    "bard named thistle")],
        ["Our D&D group meets every other Friday at Kasia's flat at 8pm; I play a half-elf bard "
         "named Thistle",
         "Our D&D group meets every other Friday at Bartek's flat at 7pm; I play a half-elf "
         "bard named Thistle"],
        [("name", "Our Pathfinder group meets every other Friday at Kasia's flat at 7pm; I play "
                  "a half-elf bard named Thistle"),
         ("tense", "Our D&D group used to meet every other Friday at Kasia's flat at 7pm; I "
                   "played a half-elf bard named Thistle")],
        "Our D&D group doesn't meet at Kasia's flat anymore",
    ),
    (
        "For the sourdough I feed the starter 1:5:5 the night before and bake at 250 °C for 20 "
        "minutes with the lid on",
        [("abbreviation", "For the sourdough I feed the starter 1:5:5 the night before and bake "
                          "at 250C for 20 min lid on"),
         ("reorder", "I bake the sourdough at 250 °C for 20 minutes with the lid on, after "
                     "feeding the starter 1:5:5 the night before"),
         ("spelling", "For the sourdough I feed the starter 1:5:5 the night before and bake at "
                      "250 degrees C for 20 minutes with the lid on"),
         ("synonym", "For the sourdough I feed the starter 1:5:5 the evening before and bake "
                     "at 250 °C for 20 minutes with the lid on")],
        ["For the sourdough I feed the starter 1:5:5 the night before and bake at 240 °C for 20 "
         "minutes with the lid on"],
        [("antonym", "For the sourdough I feed the starter 1:5:5 the night before and bake at "
                     "250 °C for 20 minutes with the lid off"),
         ("object", "For the focaccia I feed the starter 1:5:5 the night before and bake at 250 "
                    "°C for 20 minutes with the lid on"),
         ("word", "For the rye sourdough I feed the starter 1:5:5 the night before and bake at "
                  "250 °C for 20 minutes with the lid on")],
        "For the sourdough I don't feed the starter the night before",
    ),
    (
        "Mum's pierogi dough uses 500 g of flour, one egg and 250 ml of warm water; the filling "
        "is potato and twaróg",
        [("abbreviation", "Mum's pierogi dough uses 500g flour, 1 egg and 250ml warm water; the "
                          "filling is potato and twaróg"),
         ("spelling", "Mom's pierogi dough uses 500 g of flour, one egg and 250 ml of warm "
                      "water; the filling is potato and twarog"),
         ("reorder", "The filling is potato and twaróg, and Mum's pierogi dough uses 500 g of "
                     "flour, one egg and 250 ml of warm water"),
         ("typo", "Mum's pierogi dough uses 500 g of flour, one egg and 250 ml of warm water; "
                  "the filing is potato and twaróg")],
        ["Mum's pierogi dough uses 500 g of flour, two eggs and 250 ml of warm water; the "
         "filling is potato and twaróg"],
        [("name", "Babcia's pierogi dough uses 500 g of flour, one egg and 250 ml of warm "
                  "water; the filling is potato and twaróg"),
         ("word", "Mum's sweet pierogi dough uses 500 g of flour, one egg and 250 ml of warm "
                  "water; the filling is cherries"),
         ("object", "Mum's pierogi dough uses 500 g of flour, one egg and 250 ml of warm "
                    "water; the sauce is fried onion and butter")],
        "Mum's pierogi dough doesn't use an egg",
    ),
    (
        "CS 2110 midterm is on 9 October in Olin Hall 155, covering lectures 1 to 12",
        [("abbreviation", "CS2110 midterm is 9 Oct in Olin 155, covering lectures 1-12"),
         ("reorder", "Covering lectures 1 to 12, the CS 2110 midterm is on 9 October in Olin "
                     "Hall 155"),
         ("casual", "cs 2110 midterm is oct 9 in olin hall 155, covers lectures 1 to 12"),
         ("paraphrase", "The CS 2110 midterm exam is on 9 October in Olin Hall 155 and covers "
                        "lectures 1 to 12")],
        ["CS 2110 midterm is on 16 October in Olin Hall 155, covering lectures 1 to 12",
         "CS 2110 midterm is on 9 October in Phillips Hall 101, covering lectures 1 to 12"],
        [("id", "CS 2112 midterm is on 9 October in Olin Hall 155, covering lectures 1 to 12"),
         ("word", "CS 2110 makeup midterm is on 9 October in Olin Hall 155, covering lectures 1 "
                  "to 12"),
         ("word", "CS 2110 midterm review session is on 9 October in Olin Hall 155, covering "
                  "lectures 1 to 12")],
        "CS 2110 midterm isn't on 9 October",
    ),
    (
        "Aditi is TA for Linear Algebra (MATH 221) and holds office hours Thursdays 3–5pm in "
        "room 4B",
        [("abbreviation", "Aditi is TA for Lin Alg (MATH 221), office hrs Thu 3-5pm in rm 4B"),
         ("reorder", "Thursdays 3–5pm in room 4B Aditi holds office hours; she is TA for Linear "
                     "Algebra (MATH 221)"),
         ("abbreviation", "Aditi is the teaching assistant for Linear Algebra (MATH 221) and "
                          "holds office hours Thursdays 3–5pm in room 4B"),
         ("typo", "Aditi is TA for Linear Algebra (MATH 221) and holds office hours Thurdsays "
                  "3–5pm in room 4B")],
        ["Aditi is TA for Linear Algebra (MATH 221) and holds office hours Thursdays 4–6pm in "
         "room 4B",
         "Aditi is TA for Linear Algebra (MATH 221) and holds office hours Thursdays 3–5pm in "
         "room 2A",
         # a recurring day changed is an update (README, label conventions; was "date")
         "Aditi is TA for Linear Algebra (MATH 221) and holds office hours Tuesdays 3–5pm in "
         "room 4B"],
        [("name", "Aditya is TA for Linear Algebra (MATH 221) and holds office hours Thursdays "
                  "3–5pm in room 4B"),
         ("object", "Aditi is TA for Linear Algebra (MATH 221) and runs a review session "
                    "Thursdays 3–5pm in room 4B")],
        "Aditi isn't a TA for Linear Algebra (MATH 221) this term",
    ),
    (
        "The TTL on api.kestrel.io's A record is 300 seconds; Cloudflare proxies it",
        [("abbreviation", "TTL on api.kestrel.io's A record is 300s; Cloudflare proxies it"),
         ("passive", "The TTL on api.kestrel.io's A record is 300 seconds; it's proxied by "
                     "Cloudflare"),
         ("paraphrase", "The TTL on api.kestrel.io's A record is five minutes; Cloudflare "
                        "proxies it"),
         ("reorder", "Cloudflare proxies api.kestrel.io's A record, whose TTL is 300 seconds")],
        ["The TTL on api.kestrel.io's A record is 60 seconds; Cloudflare proxies it"],
        [("name", "The TTL on app.kestrel.io's A record is 300 seconds; Cloudflare proxies it"),
         ("id", "The TTL on api.kestrel.io's AAAA record is 300 seconds; Cloudflare proxies it"),
         ("word", "The TTL on staging-api.kestrel.io's A record is 300 seconds; Cloudflare "
                  "proxies it")],
        "The TTL on api.kestrel.io's A record is 300 seconds; Cloudflare doesn't proxy it",
    ),
    (
        "fyi redis on cache-03 is pinned to 7.2.4 bc 7.4 broke the lua scripts, dont upgrade "
        "till sanjay says so",
        [("casual", "FYI: Redis on cache-03 is pinned to 7.2.4 because 7.4 broke the Lua "
                    "scripts. Don't upgrade until Sanjay says so."),
         ("abbreviation", "fyi redis on cache-03 is pinned to v7.2.4 bc 7.4 broke the lua "
                          "scripts, dont upgrade til sanjay says so"),
         ("reorder", "dont upgrade redis on cache-03 till sanjay says so, its pinned to 7.2.4 "
                     "bc 7.4 broke the lua scripts"),
         ("typo", "fyi redis on cache-03 is pinned to 7.2.4 bc 7.4 broke the lua scirpts, dont "
                  "upgrade till sanjay says so")],
        ["fyi redis on cache-03 is pinned to 7.2.5 bc 7.4 broke the lua scripts, dont upgrade "
         "till sanjay says so"],
        [("id", "fyi redis on cache-04 is pinned to 7.2.4 bc 7.4 broke the lua scripts, dont "
                "upgrade till sanjay says so"),
         ("word", "fyi redis sentinel on cache-03 is pinned to 7.2.4 bc 7.4 broke the lua "
                  "scripts, dont upgrade till sanjay says so"),
         ("object", "fyi postgres on cache-03 is pinned to 15.4 bc 16 broke the extensions, "
                    "dont upgrade till sanjay says so")],
        "fyi redis on cache-03 isn't pinned anymore, upgrade whenever",
    ),
    (
        "Marisol closed 14 deals in Q3 and hit 112% of her quota",
        [("abbreviation", "Marisol closed 14 deals in Q3, hit 112% of quota"),
         ("reorder", "In Q3 Marisol closed 14 deals and hit 112% of her quota"),
         ("synonym", "Marisol won 14 deals in Q3 and hit 112% of her quota"),
         ("typo", "Marisol closed 14 deals in Q3 and hit 112% of her qouta")],
        ["Marisol closed 15 deals in Q3 and hit 118% of her quota"],
        [("name", "Marisa closed 14 deals in Q3 and hit 112% of her quota"),
         ("date", "Marisol closed 14 deals in Q2 and hit 112% of her quota"),
         ("tense", "Marisol expects to close 14 deals in Q4 and hit 112% of her quota"),
         ("antonym", "Marisol lost 14 deals in Q3 and missed her quota")],
        "Marisol didn't hit her quota in Q3",
    ),
    (
        "quillmark releases are cut from the release/2.x branch now; main is only for 3.0 work",
        [("casual", "we cut quillmark releases from release/2.x now, main is only for 3.0 work"),
         ("reorder", "main is only for 3.0 work now; quillmark releases are cut from the "
                     "release/2.x branch"),
         ("abbreviation", "quillmark releases are cut from the release/2.x branch now; main is "
                          "3.0-only"),
         ("typo", "quillmark releases are cut from the relase/2.x branch now; main is only for "
                  "3.0 work")],
        [],
        [("name", "quillpad releases are cut from the release/2.x branch now; main is only for "
                  "3.0 work"),
         ("word", "quillmark docs releases are cut from the release/2.x branch now; main is "
                  "only for 3.0 work"),
         ("tense", "quillmark releases will be cut from the release/3.x branch next year; main "
                   "will be for 4.0 work")],
        "quillmark releases aren't cut from the release/2.x branch",
    ),
    (
        "Payroll runs on the 25th; if that's a weekend, it runs the Friday before",
        [("reorder", "If the 25th is a weekend, payroll runs the Friday before; otherwise it "
                     "runs on the 25th"),
         ("paraphrase", "Salaries are paid on the 25th; if that's a weekend, they're paid the "
                        "Friday before"),
         ("contraction", "Payroll runs on the 25th; if that is a weekend, it runs the Friday "
                         "before"),
         ("typo", "Payrol runs on the 25th; if that's a weekend, it runs the Friday before")],
        ["Payroll runs on the 28th; if that's a weekend, it runs the Friday before"],
        [("word", "Contractor payroll runs on the 25th; if that's a weekend, it runs the Friday "
                  "before"),
         ("object", "Expense reimbursements run on the 25th; if that's a weekend, they run the "
                    "Friday before"),
         ("tense", "Payroll ran on the 24th this month because the 25th was a holiday")],
        "Payroll doesn't run on the 25th",
    ),
    (
        "The Prusa MK4 in the maker room is reserved for the drone team until 5 December; use "
        "the Bambu for anything else",
        [("abbreviation", "The Prusa MK4 in the maker room is reserved for the drone team till "
                          "5 Dec; use the Bambu for anything else"),
         ("passive", "The drone team has reserved the Prusa MK4 in the maker room until 5 "
                     "December; use the Bambu for anything else"),
         ("synonym", "The Prusa MK4 in the maker room is booked for the drone team until 5 "
                     "December; use the Bambu for anything else"),
         ("casual", "prusa mk4 in the maker room is reserved for the drone team until dec 5, "
                    "use the bambu for anything else")],
        ["The Prusa MK4 in the maker room is reserved for the drone team until 12 December; use "
         "the Bambu for anything else",
         "The Prusa MK4 in the maker room is reserved for the rover team until 5 December; use "
         "the Bambu for anything else"],
        [("id", "The Prusa MK3 in the maker room is reserved for the drone team until 5 "
                "December; use the Bambu for anything else"),
         ("word", "The Prusa MK4 in the electronics lab is reserved for the drone team until 5 "
                  "December; use the Bambu for anything else"),
         ("object", "The laser cutter in the maker room is reserved for the drone team until 5 "
                    "December; use the Bambu for anything else")],
        "The Prusa MK4 in the maker room isn't reserved for the drone team anymore",
    ),
    (
        "Physio with Ana Lúcia is on Mondays at 8:15 at the clinic on Rua Augusta. Bring the "
        "resistance band.",
        [("spelling", "Physio with Ana Lucia is on Mondays at 8:15 at the clinic on Rua "
                      "Augusta. Bring the resistance band."),
         ("abbreviation", "Physio w/ Ana Lúcia is Mon 8:15 at the clinic on Rua Augusta. Bring "
                          "the resistance band."),
         ("reorder", "On Mondays at 8:15 physio with Ana Lúcia is at the clinic on Rua Augusta. "
                     "Bring the resistance band."),
         ("synonym", "Physiotherapy with Ana Lúcia is on Mondays at 8:15 at the clinic on Rua "
                     "Augusta. Bring the resistance band.")],
        ["Physio with Ana Lúcia is on Mondays at 9:00 at the clinic on Rua Augusta. Bring the "
         "resistance band.",
         # a recurring day changed is an update (README, label conventions; was "date")
         "Physio with Ana Lúcia is on Thursdays at 8:15 at the clinic on Rua Augusta. Bring the "
         "resistance band."],
        [("name", "Physio with Ana Luísa is on Mondays at 8:15 at the clinic on Rua Augusta. "
                  "Bring the resistance band."),
         ("object", "Physio with Ana Lúcia is on Mondays at 8:15 at the clinic on Rua Augusta. "
                    "Bring the foam roller.")],
        "Physio with Ana Lúcia isn't on Mondays anymore.",
    ),
    (
        "Movie night in the #cinema voice channel is Saturday 21:00 UTC; this week it's Spirited "
        "Away, hosted by @moth",
        [("abbreviation", "Movie night in #cinema VC is Sat 21:00 UTC; this week it's Spirited "
                          "Away, hosted by @moth"),
         ("reorder", "This week it's Spirited Away, hosted by @moth: movie night in the #cinema "
                     "voice channel is Saturday 21:00 UTC"),
         ("casual", "movie night in #cinema vc is sat 21:00 utc, this week spirited away, "
                    "hosted by @moth"),
         ("typo", "Movie night in the #cinema voice channel is Saturday 21:00 UTC; this week "
                  "it's Spirted Away, hosted by @moth")],
        ["Movie night in the #cinema voice channel is Saturday 20:00 UTC; this week it's "
         "Spirited Away, hosted by @moth",
         "Movie night in the #cinema voice channel is Saturday 21:00 UTC; this week it's "
         "Spirited Away, hosted by @ferngully",
         "Movie night in the #cinema voice channel is Saturday 21:00 UTC; this week it's "
         "Princess Mononoke, hosted by @moth"],
        [("near", "Game night in the #cinema voice channel is Saturday 21:00 UTC; this week "
                  "it's Spirited Away, hosted by @moth"),
         ("name", "Movie night in the #kino voice channel is Saturday 21:00 UTC; this week "
                  "it's Spirited Away, hosted by @moth")],
        "Movie night in the #cinema voice channel isn't on Saturday this week",
    ),
]  # fmt: skip
