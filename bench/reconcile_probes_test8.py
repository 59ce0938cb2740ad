"""The `test8` hold-out of the reconciliation probe set (aggregates only, never tuned on).

Written blind on 2026-12-03 (branch blind8), before any rule was changed for it and
without opening any rule under core/remember, core/llm or any module the decision code
imports, and without reading any other split's pairs: only the probe set's README,
`bench/reconcile_quality.py`, the docstring and first family of `reconcile_probes_test7`
(for the shape) and the part of `bench/reconcile_probes.py` that registers the splits and
writes the rows were read. Why another hold-out: every earlier one has been read in
aggregate after some change, so a split no change has been measured against is the best
predictor of what the rules do on facts nobody tuned for.

Registers the earlier splits barely use, typed as a team or a person would type them into
`/remember` in Slack or Discord: restaurant shifts (a brunch shift, a fridge log), school
admin (a parents' evening, permission slips), legal and contracts (an NDA's renewal, a
sign-off threshold), a construction site (a crane's wind limit, a site induction), a
university lab (an alarmed freezer, journal club), charity volunteers (food bank shifts,
a coat drive), a mobile app release (a staged rollout, a minimum iOS version), data-science
pipelines (a nightly retrain, an Airflow SLA), podcast and video production (a recording,
a final cut), home renovation (a tiler's visit, a paint choice), gardening (greenhouse
tomatoes, allotment rent), a sports club (under-12s training, a court booking limit), a
band (its line-up, its rehearsal room), real estate (a viewing, a tenancy), insurance (a
claim, a fleet policy), a medical clinic's front desk (a doctor's clinic, blood tests),
logistics (a dock, a dispatch cut-off), airline crew (a report time, a flight's crew) and
an accounting close (a month's close, a VAT return). Lower-case chat lines, emoji,
units (°C, km/h, m, %, £, €, $), names with diacritics (Gráinne, Siobhán, Zoë, Keflavík,
Mireille, Tomás, Rosalía, Łukasz, Maëlle), multi-sentence facts and numbers written as words occur.

Label conventions (the same as `test7`'s):
- `same` (NOOP): the base upper-cased with a full stop (written by the generator).
- `reworded` (MERGE): the same fact as a user re-saving it days later would type it; each
  has a `how` — paraphrase, reorder, passive, contraction (or its expansion), abbreviation
  (a short form: "Tues", "Yr", "LB", "90d", "50K"), plural (singular/plural or "each"),
  spelling (British/American, a number written as words or digits, a unit written out, a
  diacritic dropped), filler ("fyi", "just so everyone knows"), synonym (one word for
  another of the same sense), typo (a letter dropped, swapped or doubled), casual (the line
  typed lower-case in chat shorthand, or back).
- `updated` (UPDATE): the same subject and verb with one value changed that cannot be a
  second fact: a time, a threshold or limit, a count, an owner or assignee, a place, a
  version, a one-off date moved, a recurring day that changes ("journal club is on
  Tuesdays" → "on Wednesdays"), a person added to or removed from a list that names its
  whole membership (a band's line-up).
- `distinct_*` (ADD): look-alikes that must both be kept — `name` another person, place or
  company (sometimes one character away), `id` an identifier one character away, `number`
  another number in the subject (a year group, a house, a dock), `date` another day or
  month in the subject (the Saturday shift beside the Sunday one), `word` a word added to
  the subject ("prep shift", "shadow model"), `object` another object of the same verb
  (medical forms beside permission slips), `antonym` the opposite (inbound/outbound,
  opening/closing), `near` a close sibling (fridge/freezer, journal club/lab meeting),
  `verb` another event or action (retrains/scores), `tense` a plan or a past state beside
  a present fact.
- `negation` (ADD): the fact denied; kept beside, never folded in.

Each family: (base, reworded [(how, text)], updated [text], distinct [(kind, text)],
negation). Same shape as `reconcile_probes_test2`.

417 pairs, 38 families (279–316). Labels: NOOP 38, MERGE 153 (abbreviation 35, casual 29,
reorder 20, spelling 19, typo 17, passive 10, synonym 9, plural 6, paraphrase 5, filler 2,
contraction 1), UPDATE 73, ADD 153 (distinct 115: word 26, object 16, tense 16, name 14,
near 11, number 10, antonym 8, id 6, date 5, verb 3; negation 38). Before it was measured,
each base was checked mechanically against the other splits' texts (word-set overlap; only
the score and the shared words were printed, no pair): two written blind shared a topic
with another split (a mobile release freeze, an expense-approval threshold) and were
replaced; person and product names that also occur in other splits were renamed. No text
is shared with another split.

Baseline, measured once on the rules of main 7b2efe7 (split committed as 1970df9), before
any rule was changed for this split (`nice -n 10 .venv/bin/python
bench/reconcile_quality.py --no-ingest --json`, only `test8`'s aggregates read): distinct
facts folded 3.27 %, true duplicates caught 61.78 %, updates recognised 65.75 % (ADD
precision 0.604 / recall 0.967, UPDATE 0.857 / 0.658, MERGE 0.969 / 0.405, NOOP 0.731 /
1.000).
"""

from __future__ import annotations

from bench.reconcile_probes_test2 import Family2

FAMILIES_TEST8: list[Family2] = [
    (
        "Sunday brunch shift starts at 9:30. Doors open to guests at 10.",
        [("abbreviation", "Sun brunch shift starts at 9:30. Doors open to guests at 10."),
         ("casual", "sunday brunch shift starts 9:30, doors open to guests at 10"),
         ("synonym", "Sunday brunch shift begins at 9:30. Doors open to guests at 10."),
         ("typo", "Sunday brunch shfit starts at 9:30. Doors open to guests at 10.")],
        ["Sunday brunch shift starts at 9:00. Doors open to guests at 10.",
         "Sunday brunch shift starts at 9:30. Doors open to guests at 10:30."],
        [("word", "Sunday brunch prep shift starts at 9:30. Doors open to guests at 10."),
         ("date", "Saturday brunch shift starts at 9:30. Doors open to guests at 10."),
         ("tense", "From January the Sunday brunch shift will start at 9:30. Doors will open "
                   "to guests at 10.")],
        "Sunday brunch shift doesn't start at 9:30.",
    ),
    (
        "The walk-in fridge temperature log is Rosalía's job every closing shift; it has to "
        "read 5 °C or below.",
        [("abbreviation", "The walk-in fridge temp log is Rosalía's job every closing shift; it "
                          "has to read 5 °C or below."),
         ("spelling", "The walk-in fridge temperature log is Rosalía's job every closing "
                      "shift; it has to read five degrees C or below."),
         ("reorder", "Every closing shift the walk-in fridge temperature log is Rosalía's job; "
                     "it has to read 5 °C or below."),
         ("typo", "The walk-in fridge temperatrue log is Rosalía's job every closing shift; "
                  "it has to read 5 °C or below.")],
        ["The walk-in fridge temperature log is Tevita's job every closing shift; it has to "
         "read 5 °C or below.",
         "The walk-in fridge temperature log is Rosalía's job every closing shift; it has to "
         "read 4 °C or below."],
        [("near", "The walk-in freezer temperature log is Rosalía's job every closing shift; "
                  "it has to read 5 °C or below."),
         ("antonym", "The walk-in fridge temperature log is Rosalía's job every opening shift; "
                     "it has to read 5 °C or below."),
         ("object", "The walk-in fridge cleaning rota is Rosalía's job every closing shift.")],
        "The walk-in fridge temperature log isn't Rosalía's job on closing shifts.",
    ),
    (
        "Year 5 parents' evening is on Thursday 12 March, 4–7pm in the school hall.",
        [("abbreviation", "Yr 5 parents' evening is on Thu 12 Mar, 4–7pm in the school hall."),
         ("reorder", "On Thursday 12 March, 4–7pm, Year 5 parents' evening is in the school "
                     "hall."),
         ("casual", "yr 5 parents evening is thurs 12 march 4-7pm in the school hall"),
         ("passive", "Year 5 parents' evening is held on Thursday 12 March, 4–7pm in the "
                     "school hall.")],
        ["Year 5 parents' evening is on Thursday 19 March, 4–7pm in the school hall.",
         "Year 5 parents' evening is on Thursday 12 March, 4–6:30pm in the school hall.",
         "Year 5 parents' evening is on Thursday 12 March, 4–7pm in the library."],
        [("number", "Year 6 parents' evening is on Thursday 12 March, 4–7pm in the school "
                    "hall."),
         ("word", "Year 5 SEN parents' evening is on Thursday 12 March, 4–7pm in the school "
                  "hall."),
         ("near", "Year 5 open evening is on Thursday 12 March, 4–7pm in the school hall.")],
        "Year 5 parents' evening isn't on Thursday 12 March.",
    ),
    (
        "Permission slips for the Year 3 zoo trip go to Mrs Okonkwo by Wednesday.",
        [("abbreviation", "Permission slips for the Yr 3 zoo trip go to Mrs Okonkwo by Wed."),
         ("passive", "Permission slips for the Year 3 zoo trip are handed in to Mrs Okonkwo "
                     "by Wednesday."),
         ("plural", "Each permission slip for the Year 3 zoo trip goes to Mrs Okonkwo by "
                    "Wednesday."),
         ("typo", "Permision slips for the Year 3 zoo trip go to Mrs Okonkwo by Wednesday.")],
        ["Permission slips for the Year 3 zoo trip go to Mr Hale by Wednesday.",
         "Permission slips for the Year 3 zoo trip go to Mrs Okonkwo by Tuesday."],
        [("number", "Permission slips for the Year 4 zoo trip go to Mrs Okonkwo by "
                    "Wednesday."),
         ("object", "Medical forms for the Year 3 zoo trip go to Mrs Okonkwo by Wednesday."),
         ("near", "Permission slips for the Year 3 aquarium trip go to Mrs Okonkwo by "
                  "Wednesday.")],
        "Permission slips for the Year 3 zoo trip don't go to Mrs Okonkwo.",
    ),
    (
        "The NDA with Brightwell Foods expires on 30 June 2027 and renews automatically for "
        "one year unless either side gives 60 days' notice.",
        [("spelling", "The NDA with Brightwell Foods expires on 30 June 2027 and renews "
                      "automatically for 1 year unless either side gives sixty days' notice."),
         ("casual", "brightwell foods nda expires 30 june 2027, renews automatically for a "
                    "year unless either side gives 60 days notice"),
         ("reorder", "Unless either side gives 60 days' notice, the NDA with Brightwell Foods "
                     "renews automatically for one year; it expires on 30 June 2027."),
         ("abbreviation", "The NDA w/ Brightwell Foods expires on 30/06/2027 and renews "
                          "automatically for 1 yr unless either side gives 60 days' notice.")],
        ["The NDA with Brightwell Foods expires on 30 June 2027 and renews automatically for "
         "one year unless either side gives 90 days' notice.",
         "The NDA with Brightwell Foods expires on 31 December 2027 and renews automatically "
         "for one year unless either side gives 60 days' notice."],
        [("name", "The NDA with Brightwall Foods expires on 30 June 2027 and renews "
                  "automatically for one year unless either side gives 60 days' notice."),
         ("object", "The MSA with Brightwell Foods expires on 30 June 2027 and renews "
                    "automatically for one year unless either side gives 60 days' notice."),
         ("tense", "The old NDA with Brightwell Foods expired on 30 June 2024.")],
        "The NDA with Brightwell Foods doesn't renew automatically.",
    ),
    (
        "Any contract over €50k needs a sign-off from legal before it goes to the customer.",
        [("abbreviation", "Any contract over €50,000 needs a sign-off from legal before it goes "
                          "to the customer."),
         ("passive", "Any contract over €50k has to be signed off by legal before it goes to "
                     "the customer."),
         ("casual", "anything over 50k € needs legal sign-off before it goes to the customer"),
         ("typo", "Any contract over €50k needs a sign-off from legal before it goes to the "
                  "cusotmer.")],
        ["Any contract over €75k needs a sign-off from legal before it goes to the customer."],
        [("antonym", "Any contract under €50k needs a sign-off from legal before it goes to "
                     "the customer."),
         ("word", "Any renewal contract over €50k needs a sign-off from legal before it goes "
                  "to the customer."),
         ("object", "Any contract over €50k needs a sign-off from finance before it goes to "
                    "the customer.")],
        "Contracts over €50k don't need a sign-off from legal before they go to the customer.",
    ),
    (
        "Crane lifts on the Harbour Street site stop when the wind gets above 38 km/h.",
        [("abbreviation", "Crane lifts on the Harbour St site stop when the wind gets above 38 "
                          "kph."),
         ("casual", "harbour st site: crane lifts stop if wind goes over 38 km/h 🌬️"),
         ("synonym", "Crane lifts on the Harbour Street site halt when the wind gets above 38 "
                     "km/h."),
         ("reorder", "When the wind gets above 38 km/h, crane lifts on the Harbour Street site "
                     "stop.")],
        ["Crane lifts on the Harbour Street site stop when the wind gets above 45 km/h."],
        [("name", "Crane lifts on the Harbour Road site stop when the wind gets above 38 "
                  "km/h."),
         ("object", "Concrete pours on the Harbour Street site stop when the wind gets above 38 "
                    "km/h."),
         ("tense", "Crane lifts on the Harbour Street site stopped yesterday when the wind got "
                   "above 38 km/h.")],
        "Crane lifts on the Harbour Street site don't stop when the wind gets above 38 km/h.",
    ),
    (
        "Site induction for new subcontractors is at 7:00 in the welfare cabin. Hi-vis and "
        "steel toecaps are mandatory.",
        [("abbreviation", "Site induction for new subbies is at 7am in the welfare cabin. Hi-vis "
                          "and steel toecaps are mandatory."),
         ("filler", "FYI site induction for new subcontractors is at 7:00 in the welfare cabin. "
                    "Hi-vis and steel toecaps are mandatory."),
         ("reorder", "Hi-vis and steel toecaps are mandatory. Site induction for new "
                     "subcontractors is at 7:00 in the welfare cabin."),
         ("typo", "Site inducton for new subcontractors is at 7:00 in the welfare cabin. Hi-vis "
                  "and steel toecaps are mandatory.")],
        ["Site induction for new subcontractors is at 6:30 in the welfare cabin. Hi-vis and "
         "steel toecaps are mandatory.",
         "Site induction for new subcontractors is at 7:00 in the site office. Hi-vis and "
         "steel toecaps are mandatory."],
        [("word", "Site induction for new scaffolding subcontractors is at 7:00 in the welfare "
                  "cabin. Hi-vis and steel toecaps are mandatory."),
         ("near", "Toolbox talk for new subcontractors is at 7:00 in the welfare cabin. Hi-vis "
                  "and steel toecaps are mandatory."),
         ("antonym", "Site induction for new subcontractors is at 7:00 in the welfare cabin. "
                     "Hi-vis and steel toecaps are optional.")],
        "Site induction for new subcontractors isn't at 7:00 in the welfare cabin.",
    ),
    (
        "The −80 freezer in lab 3.14 is alarmed; if it goes off after hours, call Dr Siobhán "
        "Kelly on 07700 900123.",
        [("spelling", "The -80 freezer in lab 3.14 is alarmed; if it goes off after hours, call "
                      "Dr Siobhan Kelly on 07700 900123."),
         ("casual", "-80 freezer in 3.14 is alarmed, if it goes off after hours call siobhán "
                    "kelly 07700 900123"),
         ("synonym", "The −80 freezer in lab 3.14 is alarmed; if it goes off out of hours, ring "
                     "Dr Siobhán Kelly on 07700 900123."),
         ("typo", "The −80 freezr in lab 3.14 is alarmed; if it goes off after hours, call Dr "
                  "Siobhán Kelly on 07700 900123.")],
        ["The −80 freezer in lab 3.14 is alarmed; if it goes off after hours, call Dr Tomás "
         "Ruiz on 07700 900456."],
        [("number", "The −80 freezer in lab 3.16 is alarmed; if it goes off after hours, call "
                    "Dr Siobhán Kelly on 07700 900123."),
         ("word", "The backup −80 freezer in lab 3.14 is alarmed; if it goes off after hours, "
                  "call Dr Siobhán Kelly on 07700 900123."),
         ("number", "The −20 freezer in lab 3.14 is alarmed; if it goes off after hours, call "
                    "Dr Siobhán Kelly on 07700 900123.")],
        "The −80 freezer in lab 3.14 isn't alarmed.",
    ),
    (
        "Journal club is on Tuesdays at 4pm in seminar room B; Aditi picks the paper.",
        [("abbreviation", "Journal club is on Tues at 4pm in sem room B; Aditi picks the "
                          "paper."),
         ("casual", "journal club tuesdays 4pm seminar room B, aditi picks the paper 📄"),
         ("reorder", "Aditi picks the paper for journal club, which is on Tuesdays at 4pm in "
                     "seminar room B."),
         ("synonym", "Journal club is on Tuesdays at 4pm in seminar room B; Aditi chooses the "
                     "paper.")],
        ["Journal club is on Wednesdays at 4pm in seminar room B; Aditi picks the paper.",
         "Journal club is on Tuesdays at 4:30pm in seminar room B; Aditi picks the paper.",
         "Journal club is on Tuesdays at 4pm in seminar room B; Luca picks the paper."],
        [("word", "Methods journal club is on Tuesdays at 4pm in seminar room B; Aditi picks "
                  "the paper."),
         ("near", "Lab meeting is on Tuesdays at 4pm in seminar room B; Aditi picks the "
                  "paper."),
         ("tense", "Journal club used to be on Tuesdays at 4pm in seminar room B.")],
        "Journal club isn't on Tuesdays.",
    ),
    (
        "Food bank sorting shifts are Saturdays 10–1 at St Anne's church hall; volunteers sign "
        "in with Gráinne at the door.",
        [("abbreviation", "Food bank sorting shifts are Sats 10am–1pm at St Anne's church hall; "
                          "volunteers sign in with Gráinne at the door."),
         ("filler", "Just so everyone knows, food bank sorting shifts are Saturdays 10–1 at St "
                    "Anne's church hall; volunteers sign in with Gráinne at the door."),
         ("spelling", "Food bank sorting shifts are Saturdays 10–1 at St Anne's church hall; "
                      "volunteers sign in with Grainne at the door."),
         ("plural", "The food bank sorting shift is on Saturdays 10–1 at St Anne's church hall; "
                    "each volunteer signs in with Gráinne at the door.")],
        ["Food bank sorting shifts are Sundays 10–1 at St Anne's church hall; volunteers sign "
         "in with Gráinne at the door.",
         "Food bank sorting shifts are Saturdays 10–12 at St Anne's church hall; volunteers "
         "sign in with Gráinne at the door."],
        [("word", "Food bank delivery shifts are Saturdays 10–1 at St Anne's church hall; "
                  "volunteers sign in with Gráinne at the door."),
         ("name", "Food bank sorting shifts are Saturdays 10–1 at St Agnes's church hall; "
                  "volunteers sign in with Gráinne at the door."),
         ("tense", "Food bank sorting shifts will be Saturdays 10–1 at St Anne's church hall "
                   "from February.")],
        "Food bank sorting shifts aren't on Saturdays.",
    ),
    (
        "The winter coat drive has collected 214 coats so far; the target is 300 by 15 "
        "January.",
        [("spelling", "The winter coat drive has collected two hundred and fourteen coats so "
                      "far; the target is three hundred by 15 January."),
         ("passive", "214 coats have been collected by the winter coat drive so far; the "
                     "target is 300 by 15 January."),
         ("abbreviation", "The winter coat drive has collected 214 coats so far; the target is "
                          "300 by 15 Jan."),
         ("casual", "winter coat drive: 214 coats so far 🧥 target is 300 by jan 15")],
        ["The winter coat drive has collected 260 coats so far; the target is 300 by 15 "
         "January.",
         "The winter coat drive has collected 214 coats so far; the target is 350 by 15 "
         "January."],
        [("object", "The winter shoe drive has collected 214 pairs so far; the target is 300 "
                    "by 15 January."),
         ("tense", "The winter coat drive collected 214 coats last year."),
         ("word", "The school winter coat drive has collected 214 coats so far; the target "
                  "is 300 by 15 January.")],
        "The winter coat drive hasn't collected 214 coats so far.",
    ),
    (
        "The Android app's staged rollout for 4.12.0 is at 20 %.",
        [("abbreviation", "The Android app's staged rollout for v4.12.0 is at 20%."),
         ("casual", "android 4.12.0 staged rollout is at 20% rn"),
         ("spelling", "The Android app's staged rollout for 4.12.0 is at 20 percent."),
         ("reorder", "For 4.12.0, the Android app's staged rollout is at 20 %.")],
        ["The Android app's staged rollout for 4.12.0 is at 50 %.",
         "The Android app's staged rollout for 4.12.0 is at 100 %."],
        [("id", "The Android app's staged rollout for 4.12.1 is at 20 %."),
         ("name", "The iOS app's staged rollout for 4.12.0 is at 20 %."),
         ("word", "The Android beta app's staged rollout for 4.12.0 is at 20 %.")],
        "The Android app's staged rollout for 4.12.0 isn't at 20 %.",
    ),
    (
        "Pocketvet's minimum supported iOS version is 16.4; anything older gets the "
        "update-your-phone screen.",
        [("abbreviation", "Pocketvet's min supported iOS version is 16.4; anything older gets "
                          "the update-your-phone screen."),
         ("casual", "pocketvet min ios is 16.4, anything older gets the update-your-phone "
                    "screen 📱"),
         ("paraphrase", "Anything older than iOS 16.4 gets Pocketvet's update-your-phone "
                        "screen; 16.4 is its minimum supported version."),
         ("typo", "Pocketvet's minimum suported iOS version is 16.4; anything older gets the "
                  "update-your-phone screen.")],
        ["Pocketvet's minimum supported iOS version is 17.0; anything older gets the "
         "update-your-phone screen."],
        [("name", "Pocketvet's minimum supported Android version is 10; anything older gets "
                  "the update-your-phone screen."),
         ("word", "Pocketvet Clinic's minimum supported iOS version is 16.4; anything older "
                  "gets the update-your-phone screen."),
         ("antonym", "Pocketvet's maximum tested iOS version is 16.4."),
         ("tense", "Pocketvet's minimum supported iOS version will be 16.4 from the June "
                   "release.")],
        "Pocketvet doesn't support iOS 16.4.",
    ),
    (
        "The churn_v3 model retrains every night at 02:00 UTC on the last 90 days of events.",
        [("abbreviation", "The churn_v3 model retrains every night at 2am UTC on the last 90d "
                          "of events."),
         ("reorder", "Every night at 02:00 UTC the churn_v3 model retrains on the last 90 days "
                     "of events."),
         ("casual", "churn_v3 retrains every night 02:00 utc on last 90 days of events"),
         ("typo", "The churn_v3 model retrians every night at 02:00 UTC on the last 90 days of "
                  "events."),
         ("passive", "The churn_v3 model is retrained every night at 02:00 UTC on the last 90 "
                     "days of events.")],
        ["The churn_v3 model retrains every night at 03:00 UTC on the last 90 days of events.",
         "The churn_v3 model retrains every night at 02:00 UTC on the last 120 days of "
         "events."],
        [("id", "The churn_v2 model retrains every night at 02:00 UTC on the last 90 days of "
                "events."),
         ("word", "The churn_v3 shadow model retrains every night at 02:00 UTC on the last 90 "
                  "days of events."),
         ("verb", "The churn_v3 model scores every night at 02:00 UTC on the last 90 days of "
                  "events.")],
        "The churn_v3 model doesn't retrain every night.",
    ),
    (
        "Airflow DAG ingest_orders_daily has an SLA of 45 minutes and pages #data-oncall when "
        "it's missed.",
        [("abbreviation", "Airflow DAG ingest_orders_daily has a 45 min SLA and pages "
                          "#data-oncall when it's missed."),
         ("contraction", "Airflow DAG ingest_orders_daily has an SLA of 45 minutes and pages "
                         "#data-oncall when it is missed."),
         ("paraphrase", "If ingest_orders_daily misses its SLA of 45 minutes, the Airflow DAG "
                        "pages #data-oncall."),
         ("casual", "ingest_orders_daily dag: sla 45 mins, pages #data-oncall if missed")],
        ["Airflow DAG ingest_orders_daily has an SLA of 60 minutes and pages #data-oncall when "
         "it's missed.",
         "Airflow DAG ingest_orders_daily has an SLA of 45 minutes and pages #data-alerts when "
         "it's missed."],
        [("near", "Airflow DAG ingest_orders_hourly has an SLA of 45 minutes and pages "
                  "#data-oncall when it's missed."),
         ("name", "Airflow DAG ingest_refunds_daily has an SLA of 45 minutes and pages "
                  "#data-oncall when it's missed."),
         ("tense", "Airflow DAG ingest_orders_daily will get an SLA of 45 minutes next "
                   "sprint.")],
        "Airflow DAG ingest_orders_daily doesn't page #data-oncall when its SLA is missed.",
    ),
    (
        "Episode 58 of Night Shift Stories records Thursday 19:00 at the Camden studio; the "
        "guest is Dr Aoife Byrne.",
        [("abbreviation", "Ep 58 of Night Shift Stories records Thu 7pm at the Camden studio; "
                          "the guest is Dr Aoife Byrne."),
         ("reorder", "Dr Aoife Byrne is the guest on episode 58 of Night Shift Stories, which "
                     "records Thursday 19:00 at the Camden studio."),
         ("casual", "ep 58 night shift stories records thurs 19:00 camden studio 🎙️ guest is "
                    "dr aoife byrne"),
         ("typo", "Episode 58 of Night Shift Stories recrods Thursday 19:00 at the Camden "
                  "studio; the guest is Dr Aoife Byrne.")],
        ["Episode 58 of Night Shift Stories records Thursday 18:30 at the Camden studio; the "
         "guest is Dr Aoife Byrne.",
         "Episode 58 of Night Shift Stories records Thursday 19:00 at the Hackney studio; the "
         "guest is Dr Aoife Byrne."],
        [("number", "Episode 59 of Night Shift Stories records Thursday 19:00 at the Camden "
                    "studio; the guest is Dr Aoife Byrne."),
         ("verb", "Episode 58 of Night Shift Stories is published Thursday 19:00."),
         ("name", "Episode 58 of Day Shift Stories records Thursday 19:00 at the Camden "
                  "studio; the guest is Dr Aoife Byrne.")],
        "Episode 58 of Night Shift Stories doesn't record on Thursday.",
    ),
    (
        "Final cut of the Lumora brand film is due to the client by 5pm Friday as a 4K ProRes "
        "file, 90 seconds max.",
        [("abbreviation", "Final cut of the Lumora brand film is due to the client by 5pm Fri as "
                          "a 4K ProRes file, 90 secs max."),
         ("spelling", "Final cut of the Lumora brand film is due to the client by 5pm Friday as "
                      "a 4K ProRes file, ninety seconds max."),
         ("reorder", "By 5pm Friday the final cut of the Lumora brand film is due to the client "
                     "as a 4K ProRes file, 90 seconds max."),
         ("synonym", "Final cut of the Lumora brand film is due to the client by 5pm Friday as "
                     "a 4K ProRes file, 90 seconds maximum.")],
        ["Final cut of the Lumora brand film is due to the client by 5pm Monday as a 4K ProRes "
         "file, 90 seconds max.",
         "Final cut of the Lumora brand film is due to the client by 5pm Friday as a 4K ProRes "
         "file, 120 seconds max."],
        [("antonym", "Rough cut of the Lumora brand film is due to the client by 5pm Friday as "
                     "a 4K ProRes file, 90 seconds max."),
         ("name", "Final cut of the Lumara brand film is due to the client by 5pm Friday as a "
                  "4K ProRes file, 90 seconds max."),
         ("word", "Final cut of the Lumora brand film cutdown is due to the client by 5pm Friday "
                  "as a 4K ProRes file, 90 seconds max.")],
        "Final cut of the Lumora brand film isn't due to the client by Friday.",
    ),
    (
        "kitchen tiler comes tuesday 8am, needs the old units out and the floor clear by then 🧱",
        [("casual", "The kitchen tiler comes on Tuesday at 8am and needs the old units out and "
                    "the floor clear by then."),
         ("abbreviation", "kitchen tiler comes tues 8am, needs the old units out and the floor "
                          "clear by then"),
         ("reorder", "old units out and floor clear by tuesday 8am, that's when the kitchen "
                     "tiler comes 🧱"),
         ("typo", "kitchen tilre comes tuesday 8am, needs the old units out and the floor clear "
                  "by then 🧱")],
        ["kitchen tiler comes wednesday 8am, needs the old units out and the floor clear by "
         "then 🧱",
         "kitchen tiler comes tuesday 10am, needs the old units out and the floor clear by "
         "then 🧱"],
        [("near", "bathroom tiler comes tuesday 8am, needs the old units out and the floor "
                  "clear by then 🧱"),
         ("tense", "kitchen tiler came tuesday 8am, the old units were out and the floor was "
                   "clear"),
         ("name", "kitchen plumber comes tuesday 8am, needs the old units out by then")],
        "kitchen tiler isn't coming tuesday",
    ),
    (
        "We chose Farrow & Ball Hague Blue for the hallway, two coats, eggshell on the "
        "skirting.",
        [("spelling", "We chose Farrow and Ball Hague Blue for the hallway, 2 coats, eggshell "
                      "on the skirting."),
         ("casual", "went with farrow & ball hague blue for the hallway, 2 coats, eggshell on "
                    "the skirting"),
         ("synonym", "We picked Farrow & Ball Hague Blue for the hallway, two coats, eggshell "
                     "on the skirting."),
         ("passive", "Farrow & Ball Hague Blue was chosen for the hallway, two coats, eggshell "
                     "on the skirting.")],
        ["We chose Farrow & Ball Stiffkey Blue for the hallway, two coats, eggshell on the "
         "skirting.",
         "We chose Farrow & Ball Hague Blue for the hallway, two coats, satinwood on the "
         "skirting."],
        [("word", "We chose Farrow & Ball Hague Blue for the upstairs hallway, two coats, "
                  "eggshell on the skirting."),
         ("object", "We chose Farrow & Ball Hague Blue for the downstairs loo, two coats, "
                    "eggshell on the skirting."),
         ("tense", "We're thinking about Farrow & Ball Hague Blue for the hallway.")],
        "We didn't choose Farrow & Ball Hague Blue for the hallway.",
    ),
    (
        "tomatoes in the greenhouse get watered every other day, feed with Tomorite on "
        "sundays 🍅",
        [("casual", "The tomatoes in the greenhouse get watered every other day and are fed "
                    "with Tomorite on Sundays."),
         ("paraphrase", "water the greenhouse tomatoes every second day, feed them Tomorite on "
                        "sundays 🍅"),
         ("abbreviation", "tomatoes in the greenhouse get watered every other day, feed with "
                          "Tomorite on sun 🍅"),
         ("typo", "tomatoes in the greenhouse get waterd every other day, feed with Tomorite on "
                  "sundays 🍅")],
        ["tomatoes in the greenhouse get watered every other day, feed with Tomorite on "
         "saturdays 🍅",
         "tomatoes in the greenhouse get watered every day, feed with Tomorite on sundays 🍅"],
        [("word", "cherry tomatoes in the greenhouse get watered every other day, feed with "
                  "Tomorite on sundays 🍅"),
         ("object", "cucumbers in the greenhouse get watered every other day, feed with "
                    "Tomorite on sundays"),
         ("near", "tomatoes in the raised beds get watered every other day, feed with Tomorite "
                  "on sundays 🍅")],
        "tomatoes in the greenhouse don't get watered every other day",
    ),
    (
        "Allotment rent for plot 17B is £42 a year, paid to the society treasurer by 1 April.",
        [("spelling", "Allotment rent for plot 17B is forty-two pounds a year, paid to the "
                      "society treasurer by 1 April."),
         ("abbreviation", "Allotment rent for plot 17B is £42/yr, paid to the society treasurer "
                          "by 1 Apr."),
         ("reorder", "By 1 April, allotment rent for plot 17B of £42 a year is paid to the "
                     "society treasurer."),
         ("typo", "Allotment rent for plot 17B is £42 a year, paid to the society tresurer by 1 "
                  "April.")],
        ["Allotment rent for plot 17B is £48 a year, paid to the society treasurer by 1 April.",
         "Allotment rent for plot 17B is £42 a year, paid to the society treasurer by 1 "
         "March."],
        [("id", "Allotment rent for plot 17D is £42 a year, paid to the society treasurer by 1 "
                "April."),
         ("word", "Allotment water rent for plot 17B is £42 a year, paid to the society "
                  "treasurer by 1 April."),
         ("number", "Allotment rent for plot 18B is £42 a year, paid to the society treasurer "
                    "by 1 April.")],
        "Allotment rent for plot 17B isn't £42 a year.",
    ),
    (
        "Under-12s football training is Wednesdays 6–7:30pm on the 3G pitch; no shin pads, no "
        "play.",
        [("abbreviation", "U12s football training is Weds 6–7:30pm on the 3G pitch; no shin "
                          "pads, no play."),
         ("casual", "u12s training wednesdays 6-7.30 on the 3g pitch ⚽ no shin pads no play"),
         ("paraphrase", "Under-12s football training is Wednesdays 6–7:30pm on the 3G pitch; "
                        "players without shin pads can't play."),
         ("plural", "Under-12s football training is every Wednesday 6–7:30pm on the 3G pitch; "
                    "no shin pads, no play.")],
        ["Under-12s football training is Thursdays 6–7:30pm on the 3G pitch; no shin pads, no "
         "play.",
         "Under-12s football training is Wednesdays 6–7pm on the 3G pitch; no shin pads, no "
         "play.",
         "Under-12s football training is Wednesdays 6–7:30pm on the grass pitch; no shin "
         "pads, no play."],
        [("number", "Under-14s football training is Wednesdays 6–7:30pm on the 3G pitch; no "
                    "shin pads, no play."),
         ("word", "Under-12s girls' football training is Wednesdays 6–7:30pm on the 3G pitch; "
                  "no shin pads, no play."),
         ("near", "Under-12s football match day is Wednesdays 6–7:30pm on the 3G pitch.")],
        "Under-12s football training isn't on Wednesdays.",
    ),
    (
        "The club's court booking limit is two hours per member per week, booked through "
        "ClubSpark.",
        [("spelling", "The club's court booking limit is 2 hours per member per week, booked "
                      "through ClubSpark."),
         ("abbreviation", "The club's court booking limit is 2 hrs/member/week, booked through "
                          "ClubSpark."),
         ("casual", "court booking limit at the club is 2h per member a week, book via "
                    "clubspark 🎾"),
         ("reorder", "Booked through ClubSpark, the club's court booking limit is two hours per "
                     "member per week.")],
        ["The club's court booking limit is three hours per member per week, booked through "
         "ClubSpark."],
        [("word", "The club's junior court booking limit is two hours per member per week, "
                  "booked through ClubSpark."),
         ("object", "The club's guest booking limit is two hours per member per week, booked "
                    "through ClubSpark."),
         ("tense", "The club's court booking limit was two hours per member per week before "
                   "the new floodlights.")],
        "The club has no court booking limit per member.",
    ),
    (
        "The band is Joss on drums, Mireille on bass, Kwame on keys and me on guitar.",
        [("reorder", "The band is me on guitar, Joss on drums, Mireille on bass and Kwame on "
                     "keys."),
         ("casual", "band lineup: joss drums, mireille bass, kwame keys, me guitar 🎸"),
         ("paraphrase", "In the band Joss plays drums, Mireille plays bass, Kwame plays keys "
                        "and I play guitar."),
         ("typo", "The band is Joss on drums, Mireile on bass, Kwame on keys and me on "
                  "guitar.")],
        ["The band is Joss on drums, Mireille on bass and me on guitar.",
         "The band is Joss on drums, Mireille on bass, Kwame on keys, Dana on sax and me on "
         "guitar."],
        [("word", "The covers band is Joss on drums, Mireille on bass, Kwame on keys and me on "
                  "guitar."),
         ("tense", "The band used to be Joss on drums, Mireille on bass, Kwame on keys and me "
                   "on guitar."),
         ("word", "Joss's other band is Joss on drums, Mireille on bass, Kwame on keys and me "
                  "on guitar.")],
        "Kwame doesn't play keys in the band.",
    ),
    (
        "Rehearsal is at Sonic Rooms, room 4, every Thursday 8–11pm, £36 split four ways.",
        [("abbreviation", "Rehearsal is at Sonic Rooms, rm 4, every Thurs 8–11pm, £36 split 4 "
                          "ways."),
         ("casual", "rehearsal sonic rooms room 4 every thursday 8-11pm, 36 quid split four "
                    "ways"),
         ("plural", "Rehearsals are at Sonic Rooms, room 4, on Thursdays 8–11pm, £36 split "
                    "four ways."),
         ("reorder", "Every Thursday 8–11pm rehearsal is at Sonic Rooms, room 4, £36 split four "
                     "ways.")],
        ["Rehearsal is at Sonic Rooms, room 4, every Wednesday 8–11pm, £36 split four ways.",
         "Rehearsal is at Sonic Rooms, room 6, every Thursday 8–11pm, £36 split four ways.",
         "Rehearsal is at Sonic Rooms, room 4, every Thursday 8–11pm, £40 split four ways."],
        [("word", "Acoustic rehearsal is at Sonic Rooms, room 4, every Thursday 8–11pm, £36 "
                  "split four ways."),
         ("verb", "Recording is at Sonic Rooms, room 4, every Thursday 8–11pm, £36 split four "
                  "ways."),
         ("name", "Rehearsal is at Tonic Rooms, room 4, every Thursday 8–11pm, £36 split four "
                  "ways.")],
        "Rehearsal isn't at Sonic Rooms.",
    ),
    (
        "Viewing for 14 Rowan Close is Saturday at 11:00; the vendor wants offers above "
        "£385,000.",
        [("abbreviation", "Viewing for 14 Rowan Cl is Sat at 11am; the vendor wants offers "
                          "above £385k."),
         ("casual", "14 rowan close viewing sat 11:00 🏡 vendor wants offers over 385k"),
         ("synonym", "Viewing for 14 Rowan Close is Saturday at 11:00; the seller wants offers "
                     "above £385,000."),
         ("reorder", "The vendor wants offers above £385,000; viewing for 14 Rowan Close is "
                     "Saturday at 11:00.")],
        ["Viewing for 14 Rowan Close is Saturday at 11:30; the vendor wants offers above "
         "£385,000.",
         "Viewing for 14 Rowan Close is Saturday at 11:00; the vendor wants offers above "
         "£375,000."],
        [("number", "Viewing for 16 Rowan Close is Saturday at 11:00; the vendor wants offers "
                    "above £385,000."),
         ("name", "Viewing for 14 Rowan Court is Saturday at 11:00; the vendor wants offers "
                  "above £385,000."),
         ("near", "Survey for 14 Rowan Close is Saturday at 11:00.")],
        "There's no viewing for 14 Rowan Close on Saturday.",
    ),
    (
        "The tenancy at Flat 2, 9 Elm Grove ends on 31 August; the £1,450 deposit is held with "
        "the DPS.",
        [("abbreviation", "The tenancy at Flat 2, 9 Elm Gr ends on 31 Aug; the £1,450 deposit "
                          "is held with the DPS."),
         ("passive", "The tenancy at Flat 2, 9 Elm Grove ends on 31 August; the DPS holds the "
                     "£1,450 deposit."),
         ("spelling", "The tenancy at Flat 2, 9 Elm Grove ends on August 31; the £1450 deposit "
                      "is held with the DPS."),
         ("typo", "The tenacy at Flat 2, 9 Elm Grove ends on 31 August; the £1,450 deposit is "
                  "held with the DPS.")],
        ["The tenancy at Flat 2, 9 Elm Grove ends on 30 September; the £1,450 deposit is held "
         "with the DPS.",
         "The tenancy at Flat 2, 9 Elm Grove ends on 31 August; the £1,500 deposit is held "
         "with the DPS."],
        [("number", "The tenancy at Flat 3, 9 Elm Grove ends on 31 August; the £1,450 deposit "
                    "is held with the DPS."),
         ("antonym", "The tenancy at Flat 2, 9 Elm Grove starts on 31 August; the £1,450 "
                     "deposit is held with the DPS."),
         ("name", "The tenancy at Flat 2, 9 Elm Road ends on 31 August; the £1,450 deposit is "
                  "held with the DPS.")],
        "The deposit for Flat 2, 9 Elm Grove isn't held with the DPS.",
    ),
    (
        "Claim CLM-20418 for the burst pipe has a £250 excess, and the loss adjuster visits "
        "on Monday.",
        [("abbreviation", "Claim CLM-20418 for the burst pipe has a £250 xs, and the loss "
                          "adjuster visits on Mon."),
         ("casual", "burst pipe claim CLM-20418: £250 excess, loss adjuster visits monday"),
         ("reorder", "The loss adjuster visits on Monday, and claim CLM-20418 for the burst "
                     "pipe has a £250 excess."),
         ("spelling", "Claim CLM-20418 for the burst pipe has a two hundred and fifty pound "
                      "excess, and the loss adjuster visits on Monday.")],
        ["Claim CLM-20418 for the burst pipe has a £500 excess, and the loss adjuster visits "
         "on Monday.",
         "Claim CLM-20418 for the burst pipe has a £250 excess, and the loss adjuster visits "
         "on Tuesday."],
        [("id", "Claim CLM-20481 for the burst pipe has a £250 excess, and the loss adjuster "
                "visits on Monday."),
         ("object", "Claim CLM-20418 for the roof leak has a £250 excess, and the loss adjuster "
                    "visits on Monday."),
         ("tense", "Claim CLM-20418 for the burst pipe had a £250 excess, and the loss adjuster "
                   "visited on Monday.")],
        "Claim CLM-20418 for the burst pipe has no excess.",
    ),
    (
        "Our fleet policy with Aviva renews on 1 November; the broker is Maëlle Dalgaard at "
        "Marsh.",
        [("spelling", "Our fleet policy with Aviva renews on November 1; the broker is Maelle "
                      "Dalgaard at Marsh."),
         ("abbreviation", "Our fleet policy w/ Aviva renews on 1 Nov; the broker is Maëlle "
                          "Dalgaard at Marsh."),
         ("passive", "Our fleet policy with Aviva is renewed on 1 November; the broker is Maëlle "
                     "Dalgaard at Marsh."),
         ("reorder", "The broker for our fleet policy with Aviva is Maëlle Dalgaard at Marsh; it "
                     "renews on 1 November.")],
        ["Our fleet policy with Aviva renews on 1 November; the broker is Tom Reilly at Marsh.",
         "Our fleet policy with Aviva renews on 1 December; the broker is Maëlle Dalgaard at "
         "Marsh."],
        [("name", "Our fleet policy with Allianz renews on 1 November; the broker is Maëlle "
                  "Dalgaard at Marsh."),
         ("object", "Our property policy with Aviva renews on 1 November; the broker is Maëlle "
                    "Dalgaard at Marsh."),
         ("word", "Our fleet breakdown policy with Aviva renews on 1 November; the broker is "
                  "Maëlle Dalgaard at Marsh.")],
        "Our fleet policy with Aviva doesn't renew on 1 November.",
    ),
    (
        "Dr Nwosu's Monday clinic runs 08:30–12:30, appointments are 15 minutes, last booking "
        "at 12:15.",
        [("abbreviation", "Dr Nwosu's Mon clinic runs 8:30–12:30, appts are 15 mins, last "
                          "booking at 12:15."),
         ("casual", "dr nwosu monday clinic 8.30-12.30, 15 min appts, last booking 12:15"),
         ("spelling", "Dr Nwosu's Monday clinic runs 08:30–12:30, appointments are fifteen "
                      "minutes, last booking at 12:15."),
         ("synonym", "Dr Nwosu's Monday clinic runs 08:30–12:30, appointments last 15 minutes, "
                     "final booking at 12:15.")],
        ["Dr Nwosu's Monday clinic runs 08:30–12:30, appointments are 10 minutes, last "
         "booking at 12:15.",
         "Dr Nwosu's Monday clinic runs 09:00–12:30, appointments are 15 minutes, last "
         "booking at 12:15."],
        [("name", "Dr Nwoko's Monday clinic runs 08:30–12:30, appointments are 15 minutes, "
                  "last booking at 12:15."),
         ("date", "Dr Nwosu's Wednesday clinic runs 08:30–12:30, appointments are 15 minutes, "
                  "last booking at 12:15."),
         ("word", "Dr Nwosu's Monday minor-ops clinic runs 08:30–12:30, appointments are 15 "
                  "minutes, last booking at 12:15.")],
        "Dr Nwosu doesn't run a Monday clinic.",
    ),
    (
        "Blood tests are done 8–10:30am only, no appointment needed; fasting ones before 9.",
        [("abbreviation", "Blood tests are done 8–10:30am only, no appt needed; fasting ones "
                          "before 9."),
         ("passive", "We do blood tests 8–10:30am only, no appointment needed; fasting ones "
                     "before 9."),
         ("casual", "bloods 8-10:30am only, walk-in, no appointment needed, fasting ones before "
                    "9 💉"),
         ("plural", "A blood test is done 8–10:30am only, no appointment needed; a fasting one "
                    "before 9.")],
        ["Blood tests are done 8–11am only, no appointment needed; fasting ones before 9.",
         "Blood tests are done 8–10:30am only, no appointment needed; fasting ones before "
         "9:30."],
        [("word", "Children's blood tests are done 8–10:30am only, no appointment needed; "
                  "fasting ones before 9."),
         ("object", "Flu jabs are done 8–10:30am only, no appointment needed."),
         ("tense", "Blood tests will be done 8–10:30am only from January, no appointment "
                   "needed.")],
        "Blood tests aren't done without an appointment.",
    ),
    (
        "Dock 4 takes inbound pallets only, max height 1.8 m.",
        [("abbreviation", "Dock 4 takes inbound pallets only, max ht 1.8m."),
         ("spelling", "Dock 4 takes inbound pallets only, maximum height 1.8 metres."),
         ("casual", "dock 4 = inbound pallets only 📦 max height 1.8m"),
         ("typo", "Dock 4 takes inbound palets only, max height 1.8 m.")],
        ["Dock 4 takes inbound pallets only, max height 2.0 m."],
        [("number", "Dock 5 takes inbound pallets only, max height 1.8 m."),
         ("antonym", "Dock 4 takes outbound pallets only, max height 1.8 m."),
         ("object", "Dock 4 takes inbound parcels only, max height 1.8 m.")],
        "Dock 4 doesn't take inbound pallets.",
    ),
    (
        "Cut-off for same-day dispatch is 14:00; orders after that ship next working day from "
        "the Tilburg DC.",
        [("abbreviation", "Cut-off for same-day dispatch is 2pm; orders after that ship next "
                          "working day from the Tilburg distribution centre."),
         ("casual", "same day dispatch cut off is 14:00, anything after ships next working day "
                    "from tilburg dc 🚚"),
         ("synonym", "Cut-off for same-day shipping is 14:00; orders after that ship next "
                     "working day from the Tilburg DC."),
         ("reorder", "Orders after 14:00, the cut-off for same-day dispatch, ship next working "
                     "day from the Tilburg DC.")],
        ["Cut-off for same-day dispatch is 15:00; orders after that ship next working day from "
         "the Tilburg DC.",
         "Cut-off for same-day dispatch is 14:00; orders after that ship next working day from "
         "the Venlo DC."],
        [("word", "Cut-off for same-day international dispatch is 14:00; orders after that ship "
                  "next working day from the Tilburg DC."),
         ("near", "Cut-off for next-day dispatch is 14:00."),
         ("date", "Cut-off for same-day dispatch on Saturdays is 14:00; orders after that ship "
                  "next working day from the Tilburg DC.")],
        "There's no cut-off for same-day dispatch.",
    ),
    (
        "Crew for the LHR–KEF rotation report at 05:10 in the crew room, Terminal 2, with "
        "passports and a valid SEP card.",
        [("abbreviation", "Crew for the LHR–KEF rotation report at 0510 in the crew rm, T2, "
                          "with passports and a valid SEP card."),
         ("spelling", "Crew for the Heathrow–Keflavík rotation report at 05:10 in the crew "
                      "room, Terminal 2, with passports and a valid SEP card."),
         ("plural", "Each crew member for the LHR–KEF rotation reports at 05:10 in the crew "
                    "room, Terminal 2, with a passport and a valid SEP card."),
         ("casual", "lhr-kef crew report 05:10 crew room T2 ✈️ bring passports + valid sep "
                    "card")],
        ["Crew for the LHR–KEF rotation report at 04:50 in the crew room, Terminal 2, with "
         "passports and a valid SEP card.",
         "Crew for the LHR–KEF rotation report at 05:10 in the crew room, Terminal 5, with "
         "passports and a valid SEP card."],
        [("id", "Crew for the LHR–KRK rotation report at 05:10 in the crew room, Terminal 2, "
                "with passports and a valid SEP card."),
         ("word", "Standby crew for the LHR–KEF rotation report at 05:10 in the crew room, "
                  "Terminal 2, with passports and a valid SEP card."),
         ("antonym", "Crew for the KEF–LHR rotation report at 05:10 in the crew room, with "
                     "passports and a valid SEP card.")],
        "Crew for the LHR–KEF rotation don't report at 05:10.",
    ),
    (
        "Captain Zoë Laurent is the commander on flight BA1426 tomorrow; the first officer is "
        "Raj Mehta.",
        [("spelling", "Captain Zoe Laurent is the commander on flight BA1426 tomorrow; the "
                      "first officer is Raj Mehta."),
         ("abbreviation", "Capt Zoë Laurent is the commander on flight BA1426 tmrw; the FO is "
                          "Raj Mehta."),
         ("reorder", "Tomorrow on flight BA1426 the commander is Captain Zoë Laurent and the "
                     "first officer is Raj Mehta."),
         ("typo", "Captain Zoë Laurent is the commander on flight BA1426 tomorow; the first "
                  "officer is Raj Mehta.")],
        ["Captain Zoë Laurent is the commander on flight BA1426 tomorrow; the first officer is "
         "Hana Sato."],
        [("id", "Captain Zoë Laurent is the commander on flight BA1462 tomorrow; the first "
                "officer is Raj Mehta."),
         ("tense", "Captain Zoë Laurent was the commander on flight BA1426 yesterday; the "
                   "first officer was Raj Mehta."),
         ("object", "Captain Zoë Laurent is the commander on flight BA1426 tomorrow; the "
                    "purser is Raj Mehta.")],
        "Captain Zoë Laurent isn't the commander on flight BA1426 tomorrow.",
    ),
    (
        "November close: AP cut-off is 3 December, accruals posted by working day 4, Haruto "
        "reviews the bank recs.",
        [("abbreviation", "Nov close: AP cut-off is 3 Dec, accruals posted by WD4, Haruto "
                          "reviews the bank recs."),
         ("casual", "nov close — ap cutoff 3 dec, accruals by wd4, haruto reviews bank recs"),
         ("spelling", "November close: AP cut-off is December 3, accruals posted by working "
                      "day four, Haruto reviews the bank reconciliations."),
         ("typo", "November close: AP cut-off is 3 December, accurals posted by working day 4, "
                  "Haruto reviews the bank recs.")],
        ["November close: AP cut-off is 2 December, accruals posted by working day 4, Haruto "
         "reviews the bank recs.",
         "November close: AP cut-off is 3 December, accruals posted by working day 4, Femi "
         "reviews the bank recs."],
        [("date", "December close: AP cut-off is 3 January, accruals posted by working day 4, "
                  "Haruto reviews the bank recs."),
         ("object", "November close: Haruto reviews the intercompany recs."),
         ("word", "November year-end close: AP cut-off is 3 December, accruals posted by "
                  "working day 4, Haruto reviews the bank recs.")],
        "Haruto doesn't review the bank recs for the November close.",
    ),
    (
        "The Q3 VAT return is filed by 7 November; Łukasz prepares it and Sunniva submits it in "
        "Xero.",
        [("abbreviation", "The Q3 VAT return is filed by 7 Nov; Łukasz preps it and Sunniva "
                          "submits it in Xero."),
         ("spelling", "The Q3 VAT return is filed by 7 November; Lukasz prepares it and Sunniva "
                      "submits it in Xero."),
         ("passive", "The Q3 VAT return is filed by 7 November; it's prepared by Łukasz and "
                     "submitted by Sunniva in Xero."),
         ("casual", "q3 vat return due 7 nov, łukasz prepares it, sunniva submits in xero")],
        ["The Q3 VAT return is filed by 7 November; Łukasz prepares it and Oskar submits it in "
         "Xero.",
         "The Q3 VAT return is filed by 5 November; Łukasz prepares it and Sunniva submits it in "
         "Xero."],
        [("date", "The Q4 VAT return is filed by 7 February; Łukasz prepares it and Sunniva "
                  "submits it in Xero."),
         ("object", "The Q3 payroll return is filed by 7 November; Łukasz prepares it and "
                    "Sunniva submits it in Xero."),
         ("tense", "The Q3 VAT return was filed on 7 November.")],
        "The Q3 VAT return isn't filed by 7 November.",
    ),
]  # fmt: skip
