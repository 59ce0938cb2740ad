"""The `test9` hold-out of the reconciliation probe set (aggregates only, never tuned on).

Written blind on 2026-12-04 (branch blind11), before any rule was changed for it and
without opening anything under core/ or any other split's pairs: only the probe set's
README, `bench/reconcile_quality.py`, the docstring and first family of
`reconcile_probes_test8` (for the shape and the label conventions) and the part of
`bench/reconcile_probes.py` that registers the splits and writes the rows were read (a
`git diff` of the regenerated probe file also showed, as context, the last three rows of
`test8`, after this split was written). Why another hold-out: `test8` became tuning data
on 2026-12-04, and a split no change has been measured against is the best predictor of
what the rules do on facts nobody tuned for.

Registers none of those `test8`'s docstring lists (chosen to be new to the probe set),
typed as people re-save a fact days later in Slack or Discord: a veterinary clinic (a
vet's surgery slot, a dog's dose), a hotel front desk (late checkout, a broken minibar
sensor), a newsroom (a weekend sub-editor, an embargo), a film set (a call time, a drone
permit), open-source maintenance (a backport policy, an issue's assignee), an esports team
(scrims, a roster), wedding planning (a florist's deadline, a seating plan), a church and
community group (a repair café, choir practice and the hall key), taxi dispatch (a car off
the road, airport runs by licence), a pharmacy (blister packs, a stock-out), university
admissions (an offer date, an IELTS requirement), a family group chat (a grandmother's
80th, a football pick-up), a D&D campaign (a session's host, a bard's debt), a brewery (a
fermenter, a canning day), a call centre (a handle-time target, a retention transfer), an
IT helpdesk (a loaner laptop, password-reset approval), a hospital ward rota (a night
shift, a bank-staff limit), a library (a 3D printer's slots, waived fines), a farm (moving
heifers, a tractor's repair), a coworking space and a bike shop. Lower-case chat lines
("til", "sesh", "thurs", "+", "="), units (mg, EUR, minutes, hours), ids (#2817, LT-0392,
JD-6120, FV3, room 412), names with diacritics (Joaquín, Ruairí, Aurélie, Noémie), multi-
clause facts.

Label conventions (the same as `test8`'s):
- `same` (NOOP): the base upper-cased with a full stop (written by the generator).
- `reworded` (MERGE): the same fact as a user re-saving it days later would type it; each
  has a `how` — paraphrase, reorder, passive, contraction (or its expansion), abbreviation
  ("Tues", "rm", "AHT", "gp", "Wd", "L2"), plural (singular/plural or "any"/"each"),
  spelling (British/American, a number written as words or digits, a unit written out, a
  diacritic dropped, a hyphen), filler ("fyi", "heads up", "just so everyone knows"),
  synonym (one word for another of the same sense), typo (a letter dropped, swapped or
  doubled), casual (the line typed lower-case in chat shorthand).
- `updated` (UPDATE): the same subject and verb with one value changed that cannot be a
  second fact: a time, a dose or frequency, a threshold or target, a count, an owner or
  assignee, a place or venue, a version, a one-off date moved, a recurring day that
  changes, a day added to a list of days that names the whole schedule.
- `distinct_*` (ADD): look-alikes that must both be kept — `name` another person, place or
  company, most one or two characters away (Achterberg/Achterburg, Hendersons/Andersons,
  Vortex/Vertex), `id` an identifier one character away or with digits swapped (room
  412/421, #2817/#2871, LT-0392/LT-0329), `number` another number in the subject (room 512,
  car 38, ward 8B), `date` another day or season in the subject (the Saturday billing
  queue, the winter reading challenge, next week's night shift), `word` a word added to
  the subject ("prep", "academy", "Children's"), `object` another object of the same verb,
  `antonym` the opposite (small/large-animal, weekend/weekday, top/bottom field), `near` a
  close sibling (meloxicam/carprofen, beagle/basset, ICU/HDU, heifers/steers), `verb`
  another event or action (edits/fact-checks, picking up/dropping off), `tense` a plan or a
  past state beside a present fact.
- `negation` (ADD): the fact denied; kept beside, never folded in.

Each family: (base, reworded [(how, text)], updated [text], distinct [(kind, text)],
negation). Same shape as `reconcile_probes_test2`.

465 pairs, 40 families (317–356). Labels: NOOP 40, MERGE 177 (casual 30, spelling 25,
abbreviation 24, typo 22, synonym 18, reorder 14, passive 11, plural 10, paraphrase 8,
contraction 8, filler 7), UPDATE 51, ADD 197 (distinct 157: near 48, tense 27, word 18,
antonym 15, id 12, name 11, verb 9, number 7, object 6, date 4; negation 40). Before it was
measured, each base was checked mechanically against the other splits' texts (word-set
overlap; only the score and the shared words were printed, no pair): no text is shared,
the highest overlap is 0.28 (shared words "3", "now", "only", "we", "x"); one base (a
church food pantry on Saturdays, 0.32) shared its topic with another split and became a
repair café, and person and pet names that also occur in other splits (nine) were renamed.

Baseline, measured once on the rules of main 0f8fa8f (split committed as 5807fe5), before
any rule was changed for this split (`nice -n 5 .venv/bin/python
bench/reconcile_quality.py --no-ingest --json`, only `test9`'s aggregates read): distinct
facts folded 5.58 %, true duplicates caught 64.52 %, updates recognised 56.86 % (ADD
precision 0.655 / recall 0.944, UPDATE 0.725 / 0.569, MERGE 0.932 / 0.390, NOOP 0.597 /
1.000).
"""

from __future__ import annotations

from bench.reconcile_probes_test2 import Family2

FAMILIES_TEST9: list[Family2] = [
    # veterinary clinic
    (
        "Dr. Achterberg does the small-animal surgeries on Tuesday mornings.",
        [("abbreviation", "Dr. Achterberg does the small-animal surgeries on Tues mornings."),
         ("reorder", "On Tuesday mornings Dr. Achterberg does the small-animal surgeries."),
         ("casual", "dr achterberg does the small animal surgeries tuesday mornings"),
         ("synonym", "Dr. Achterberg performs the small-animal surgeries on Tuesday mornings."),
         ("typo", "Dr. Achterberg does the small-animal surgeries on Tuesday mornigs.")],
        ["Dr. Achterberg does the small-animal surgeries on Thursday mornings."],
        [("antonym", "Dr. Achterberg does the large-animal surgeries on Tuesday mornings."),
         ("object", "Dr. Achterberg does the small-animal vaccinations on Tuesday mornings."),
         ("name", "Dr. Achterburg does the small-animal surgeries on Tuesday mornings."),
         ("tense", "Dr. Achterberg did the small-animal surgeries on Tuesday mornings until she "
                   "went part-time.")],
        "Dr. Achterberg doesn't do the small-animal surgeries on Tuesday mornings.",
    ),
    (
        "Crumpet, the Hendersons' beagle, is on 5 mg of meloxicam once a day.",
        [("spelling", "Crumpet, the Hendersons' beagle, is on 5 milligrams of meloxicam once "
                      "a day."),
         ("paraphrase", "Crumpet, the Hendersons' beagle, gets 5 mg of meloxicam daily."),
         ("casual", "crumpet (hendersons beagle) is on 5mg meloxicam once a day"),
         ("typo", "Crumpet, the Hendersons' beagel, is on 5 mg of meloxicam once a day.")],
        ["Crumpet, the Hendersons' beagle, is on 2.5 mg of meloxicam once a day.",
         "Crumpet, the Hendersons' beagle, is on 5 mg of meloxicam twice a day."],
        [("name", "Crumpet, the Andersons' beagle, is on 5 mg of meloxicam once a day."),
         ("near", "Crumpet, the Hendersons' beagle, is on 5 mg of carprofen once a day."),
         ("near", "Crumpet, the Hendersons' basset, is on 5 mg of meloxicam once a day."),
         ("tense", "Crumpet, the Hendersons' beagle, was on 5 mg of meloxicam once a day "
                   "after his op.")],
        "Crumpet, the Hendersons' beagle, is not on meloxicam.",
    ),
    # hotel front desk
    (
        "Late checkout until 1pm is free for gold members.",
        [("reorder", "For gold members, late checkout until 1pm is free."),
         ("spelling", "Late check-out until 1 p.m. is free for gold members."),
         ("synonym", "Late checkout until 1pm is complimentary for gold members."),
         ("casual", "late checkout til 1pm is free for gold members"),
         ("plural", "Late checkout until 1pm is free for any gold member.")],
        ["Late checkout until 2pm is free for gold members."],
        [("near", "Late checkout until 1pm is free for platinum members."),
         ("antonym", "Early check-in from 1pm is free for gold members."),
         ("word", "Late checkout until 1pm is free for gold members who book direct."),
         ("tense", "Late checkout until 1pm will be free for gold members from April.")],
        "Late checkout until 1pm isn't free for gold members.",
    ),
    (
        "The minibar sensor in room 412 is broken, so don't auto-charge that room.",
        [("abbreviation", "The minibar sensor in rm 412 is broken, so don't auto-charge that "
                          "room."),
         ("contraction", "The minibar sensor in room 412 is broken, so do not auto-charge "
                         "that room."),
         ("filler", "heads up, the minibar sensor in room 412 is broken, so don't auto-charge "
                    "that room"),
         ("typo", "The minibar senosr in room 412 is broken, so don't auto-charge that room.")],
        [],
        [("id", "The minibar sensor in room 421 is broken, so don't auto-charge that room."),
         ("number", "The minibar sensor in room 512 is broken, so don't auto-charge that room."),
         ("near", "The door sensor in room 412 is broken, so don't auto-charge that room."),
         ("verb", "The minibar sensor in room 412 is broken, so don't restock that room.")],
        "The minibar sensor in room 412 isn't broken, so auto-charge that room as usual.",
    ),
    # newsroom
    (
        "Ottilie edits the metro desk's weekend copy.",
        [("passive", "The metro desk's weekend copy is edited by Ottilie."),
         ("casual", "ottilie edits metro desk weekend copy"),
         ("synonym", "Ottilie subs the metro desk's weekend copy."),
         ("plural", "Ottilie edits the metro desk's weekend stories."),
         ("typo", "Ottilie edits the metro desk's weeknd copy.")],
        [],
        [("name", "Otillie edits the metro desk's weekend copy."),
         ("word", "Ottilie's deputy edits the metro desk's weekend copy."),
         ("near", "Ottilie edits the sports desk's weekend copy."),
         ("antonym", "Ottilie edits the metro desk's weekday copy."),
         ("verb", "Ottilie fact-checks the metro desk's weekend copy."),
         ("tense", "Ottilie used to edit the metro desk's weekend copy.")],
        "Ottilie doesn't edit the metro desk's weekend copy.",
    ),
    (
        "Embargo on the council budget story lifts at 00:01 Thursday.",
        [("filler", "Reminder: embargo on the council budget story lifts at 00:01 Thursday."),
         ("abbreviation", "Embargo on the council budget story lifts at 00:01 Thu."),
         ("paraphrase", "The council budget story is under embargo until 00:01 Thursday."),
         ("spelling", "Embargo on the council budget story lifts at 12:01 a.m. Thursday."),
         ("casual", "embargo on council budget story lifts 00:01 thurs")],
        ["Embargo on the council budget story lifts at 06:00 Thursday.",
         "Embargo on the council budget story lifts at 00:01 Friday."],
        [("near", "Embargo on the council housing story lifts at 00:01 Thursday."),
         ("word", "Embargo on the council budget follow-up story lifts at 00:01 Thursday."),
         ("near", "Embargo on the county budget story lifts at 00:01 Thursday.")],
        "Embargo on the council budget story doesn't lift at 00:01 Thursday.",
    ),
    # film set
    (
        "Call time for the night shoot on Friday is 5:30pm at the car park on Dock Road.",
        [("reorder", "Friday's night shoot: call time is 5:30pm at the car park on Dock Road."),
         ("abbreviation", "Call time for the night shoot on Fri is 5:30pm at the car park on "
                          "Dock Rd."),
         ("spelling", "Call time for the night shoot on Friday is 17:30 at the car park on "
                      "Dock Road."),
         ("casual", "call time for fri night shoot is 530pm, car park on dock road"),
         ("typo", "Call time for the night shoot on Friday is 5:30pm at the car park on "
                  "Dcok Road.")],
        ["Call time for the night shoot on Friday is 6pm at the car park on Dock Road.",
         "Call time for the night shoot on Friday is 5:30pm at the lay-by on Mill Lane."],
        [("antonym", "Call time for the day shoot on Friday is 5:30pm at the car park on "
                     "Dock Road."),
         ("date", "Call time for the night shoot on Saturday is 5:30pm at the car park on "
                  "Dock Road."),
         ("near", "Wrap time for the night shoot on Friday is 5:30am at the car park on "
                  "Dock Road.")],
        "Call time for the night shoot on Friday isn't 5:30pm.",
    ),
    (
        "The drone can't fly over the school on scene 14 without the council's permit.",
        [("contraction", "The drone cannot fly over the school on scene 14 without the "
                         "council's permit."),
         ("abbreviation", "The drone can't fly over the school on sc. 14 without the "
                          "council's permit."),
         ("synonym", "The drone can't fly over the school on scene 14 without the council's "
                     "licence."),
         ("passive", "Without the council's permit, the drone can't be flown over the school "
                     "on scene 14.")],
        [],
        [("number", "The drone can't fly over the school on scene 41 without the council's "
                    "permit."),
         ("near", "The drone can't fly over the church on scene 14 without the council's "
                  "permit."),
         ("near", "The crane can't swing over the school on scene 14 without the council's "
                  "permit."),
         ("tense", "The drone couldn't fly over the school on scene 14 without the council's "
                   "permit last year.")],
        "The drone can fly over the school on scene 14 without the council's permit.",
    ),
    # open-source project maintenance
    (
        "We only backport security fixes to the 3.x branch now.",
        [("filler", "fyi we only backport security fixes to the 3.x branch now"),
         ("plural", "We only backport a security fix to the 3.x branch now."),
         ("paraphrase", "Only security fixes get backported to the 3.x branch now."),
         ("typo", "We only backport securty fixes to the 3.x branch now."),
         ("synonym", "We only backport security patches to the 3.x branch now.")],
        ["We only backport security fixes to the 4.x branch now."],
        [("near", "We only backport bug fixes to the 3.x branch now."),
         ("verb", "We only cherry-pick security fixes onto the docs branch now."),
         ("word", "We only backport critical security fixes to the 3.x branch now."),
         ("tense", "We will only backport security fixes to the 3.x branch from v5.0.")],
        "We don't backport security fixes to the 3.x branch now.",
    ),
    (
        "Issue #2817 (segfault on ARM wheels) is assigned to Mateus.",
        [("reorder", "Mateus has been assigned issue #2817 (segfault on ARM wheels)."),
         ("casual", "#2817 segfault on arm wheels is assigned to mateus"),
         ("passive", "Mateus is the assignee of issue #2817 (segfault on ARM wheels)."),
         ("filler", "fyi issue #2817 (segfault on ARM wheels) is assigned to Mateus"),
         ("typo", "Issue #2817 (segfualt on ARM wheels) is assigned to Mateus.")],
        ["Issue #2817 (segfault on ARM wheels) is assigned to Saoirse.",
],
        [("id", "Issue #2871 (segfault on ARM wheels) is assigned to Mateus."),
         ("id", "Issue #2818 (segfault on ARM wheels) is assigned to Mateus."),
         ("near", "Issue #2817 (segfault on x86 wheels) is assigned to Mateus."),
         ("verb", "Issue #2817 (segfault on ARM wheels) was reported by Mateus.")],
        "Issue #2817 (segfault on ARM wheels) isn't assigned to Mateus.",
    ),
    # esports team
    (
        "Scrims against Vortex Gaming are Monday and Wednesday at 8pm CET.",
        [("abbreviation", "Scrims vs Vortex Gaming are Mon and Wed at 8pm CET."),
         ("reorder", "Monday and Wednesday at 8pm CET we scrim against Vortex Gaming."),
         ("casual", "scrims vs vortex mon + wed 8pm cet"),
         ("spelling", "Scrims against Vortex Gaming are Monday and Wednesday at 20:00 CET."),
         ("plural", "A scrim against Vortex Gaming is every Monday and Wednesday at 8pm CET.")],
        ["Scrims against Vortex Gaming are Monday and Wednesday at 9pm CET.",
         "Scrims against Vortex Gaming are Monday, Wednesday and Friday at 8pm CET."],
        [("name", "Scrims against Vertex Gaming are Monday and Wednesday at 8pm CET."),
         ("near", "Show matches against Vortex Gaming are Monday and Wednesday at 8pm CET."),
         ("word", "Academy scrims against Vortex Gaming are Monday and Wednesday at 8pm CET."),
         ("tense", "Scrims against Vortex Gaming were Monday and Wednesday at 8pm CET last "
                   "split.")],
        "Scrims against Vortex Gaming aren't on Monday and Wednesday anymore.",
    ),
    (
        "Ikaika plays support on the Valorant roster; Lupe is the sub.",
        [("synonym", "Ikaika plays support on the Valorant roster; Lupe is the substitute."),
         ("casual", "ikaika's support on the val roster, lupe is sub"),
         ("abbreviation", "Ikaika plays support on the Val roster; Lupe is the sub."),
         ("typo", "Ikaika plays suport on the Valorant roster; Lupe is the sub.")],
        ["Ikaika plays support on the Valorant roster; Reza is the sub.",
         "Ikaika plays duelist on the Valorant roster; Lupe is the sub."],
        [("near", "Ikaika plays support on the Overwatch roster; Lupe is the sub."),
         ("name", "Ikaia plays support on the Valorant roster; Lupe is the sub."),
         ("word", "Ikaika plays support on the Valorant academy roster; Lupe is the sub."),
         ("verb", "Ikaika coaches support on the Valorant roster; Lupe is the sub.")],
        "Ikaika doesn't play support on the Valorant roster.",
    ),
    # wedding planning
    (
        "The florist needs the final bouquet count by 20 May.",
        [("reorder", "By 20 May the florist needs the final bouquet count."),
         ("spelling", "The florist needs the final bouquet count by May 20th."),
         ("synonym", "The florist needs the final bouquet number by 20 May."),
         ("casual", "florist needs final bouquet count by may 20"),
         ("plural", "The florist needs the final bouquet numbers by 20 May.")],
        ["The florist needs the final bouquet count by 27 May."],
        [("near", "The caterer needs the final bouquet count by 20 May."),
         ("object", "The florist needs the final buttonhole count by 20 May."),
         ("object", "The florist needs the final deposit by 20 May."),
         ("tense", "The florist needed the final bouquet count by 20 May.")],
        "The florist doesn't need the final bouquet count by 20 May.",
    ),
    (
        "Aunt Rosalind is seated at table 6 next to the Kowalskis.",
        [("passive", "Table 6 is where Aunt Rosalind is seated, next to the Kowalskis."),
         ("abbreviation", "Aunt Rosalind is seated at tbl 6 next to the Kowalskis."),
         ("spelling", "Aunt Rosalind is seated at table six next to the Kowalskis."),
         ("typo", "Aunt Rosalind is seated at table 6 next to the Kowalksis."),
         ("casual", "aunt rosalind's at table 6 next to the kowalskis")],
        ["Aunt Rosalind is seated at table 9 next to the Kowalskis."],
        [("name", "Aunt Rosalyn is seated at table 6 next to the Kowalskis."),
         ("word", "Aunt Rosalind's carer is seated at table 6 next to the Kowalskis."),
         ("antonym", "Aunt Rosalind is seated at table 6 away from the Kowalskis."),
         ("tense", "Aunt Rosalind was seated at table 6 next to the Kowalskis at the "
                   "engagement party.")],
        "Aunt Rosalind isn't seated at table 6.",
    ),
    # church / community group
    (
        "The repair café at St. Brendan's opens Saturdays 10 to 12 in the parish hall.",
        [("abbreviation", "The repair café at St. Brendan's opens Sat 10-12 in the parish "
                          "hall."),
         ("spelling", "The repair café at Saint Brendan's opens Saturdays 10 to 12 in the "
                      "parish hall."),
         ("reorder", "Saturdays 10 to 12, the repair café at St. Brendan's opens in the "
                     "parish hall."),
         ("filler", "Just so everyone knows, the repair café at St. Brendan's opens "
                    "Saturdays 10 to 12 in the parish hall."),
         ("typo", "The repair café at St. Brendan's opnes Saturdays 10 to 12 in the "
                  "parish hall.")],
        ["The repair café at St. Brendan's opens Saturdays 9 to 12 in the parish hall.",
         "The repair café at St. Brendan's opens Saturdays 10 to 12 in the crypt."],
        [("name", "The repair café at St. Brendon's opens Saturdays 10 to 12 in the "
                  "parish hall."),
         ("near", "The swap shop at St. Brendan's opens Saturdays 10 to 12 in the "
                  "parish hall."),
         ("antonym", "The repair café at St. Brendan's closes Saturdays 10 to 12 for "
                     "stocktake."),
         ("tense", "The repair café at St. Brendan's opened Saturdays 10 to 12 in the "
                   "parish hall before the fire.")],
        "The repair café at St. Brendan's doesn't open on Saturdays.",
    ),
    (
        "Choir practice is Thursday at 7:30 and Mrs. Adeyemi has the hall key.",
        [("contraction", "Choir practice's Thursday at 7:30 and Mrs. Adeyemi has the hall "
                         "key."),
         ("abbreviation", "Choir practice is Thurs at 7:30 and Mrs. Adeyemi has the hall key."),
         ("casual", "choir practice thurs 7:30, mrs adeyemi has the hall key"),
         ("synonym", "Choir rehearsal is Thursday at 7:30 and Mrs. Adeyemi has the hall key.")],
        ["Choir practice is Thursday at 8:00 and Mrs. Adeyemi has the hall key.",
         "Choir practice is Thursday at 7:30 and Mr. Boateng has the hall key."],
        [("near", "Bell-ringing practice is Thursday at 7:30 and Mrs. Adeyemi has the hall "
                  "key."),
         ("word", "Children's choir practice is Thursday at 7:30 and Mrs. Adeyemi has the "
                  "hall key."),
         ("object", "Choir practice is Thursday at 7:30 and Mrs. Adeyemi has the vestry key.")],
        "Choir practice isn't on Thursday this term.",
    ),
    # fleet / taxi dispatch
    (
        "Car 37 is off the road for brake pads until Wednesday.",
        [("reorder", "Until Wednesday, car 37 is off the road for brake pads."),
         ("abbreviation", "Car 37 is off the road for brake pads until Weds."),
         ("casual", "car 37 off road for brake pads til wed"),
         ("typo", "Car 37 is off the road for brake pasd until Wednesday."),
         ("paraphrase", "Car 37 is out of service getting brake pads until Wednesday.")],
        ["Car 37 is off the road for brake pads until Friday."],
        [("id", "Car 73 is off the road for brake pads until Wednesday."),
         ("number", "Car 38 is off the road for brake pads until Wednesday."),
         ("object", "Car 37 is off the road for a new clutch until Wednesday."),
         ("tense", "Car 37 was off the road for brake pads until Wednesday.")],
        "Car 37 isn't off the road.",
    ),
    (
        "Airport runs from zone C go to drivers with the XL licence only.",
        [("plural", "An airport run from zone C goes to a driver with the XL licence only."),
         ("spelling", "Airport runs from zone C go to drivers with the XL license only."),
         ("synonym", "Airport jobs from zone C go to drivers with the XL licence only."),
         ("casual", "airport runs out of zone c = XL licence drivers only")],
        [],
        [("id", "Airport runs from zone D go to drivers with the XL licence only."),
         ("antonym", "Airport runs to zone C go to drivers with the XL licence only."),
         ("near", "Station runs from zone C go to drivers with the XL licence only."),
         ("near", "Airport runs from zone C go to drivers with the EV licence only.")],
        "Airport runs from zone C don't need the XL licence.",
    ),
    # pharmacy
    (
        "Mrs. Sandqvist's blister packs are made up every Monday for Tuesday pickup.",
        [("passive", "Every Monday we make up Mrs. Sandqvist's blister packs for Tuesday "
                     "pickup."),
         ("abbreviation", "Mrs. Sandqvist's blister packs are made up every Mon for Tues "
                          "pickup."),
         ("spelling", "Mrs. Sandqvist's blister packs are made up every Monday for Tuesday "
                      "pick-up."),
         ("typo", "Mrs. Sandqvist's bilster packs are made up every Monday for Tuesday "
                  "pickup.")],
        ["Mrs. Sandqvist's blister packs are made up every Monday for Wednesday pickup."],
        [("name", "Mrs. Sandquist's blister packs are made up every Monday for Tuesday "
                  "pickup."),
         ("word", "Mr. and Mrs. Sandqvist's blister packs are made up every Monday for "
                  "Tuesday pickup."),
         ("verb", "Mrs. Sandqvist's blister packs are checked every Monday for Tuesday "
                  "pickup."),
],
        "Mrs. Sandqvist's blister packs aren't made up on Mondays.",
    ),
    (
        "We're out of amoxicillin 250 mg suspension until the Thursday delivery.",
        [("contraction", "We are out of amoxicillin 250 mg suspension until the Thursday "
                         "delivery."),
         ("abbreviation", "We're out of amox 250mg susp until the Thurs delivery."),
         ("synonym", "We've run out of amoxicillin 250 mg suspension until the Thursday "
                     "delivery."),
         ("casual", "out of amoxicillin 250mg suspension til thursday's delivery")],
        ["We're out of amoxicillin 250 mg suspension until the Monday delivery."],
        [("number", "We're out of amoxicillin 125 mg suspension until the Thursday delivery."),
         ("near", "We're out of amoxicillin 250 mg capsules until the Thursday delivery."),
         ("near", "We're out of ampicillin 250 mg suspension until the Thursday delivery."),
         ("tense", "We were out of amoxicillin 250 mg suspension until the Thursday "
                   "delivery.")],
        "We're not out of amoxicillin 250 mg suspension.",
    ),
    # university admissions
    (
        "Offers for the MSc Data Science go out on 3 March.",
        [("abbreviation", "Offers for the MSc Data Sci go out on 3 Mar."),
         ("passive", "On 3 March, offers for the MSc Data Science are sent out."),
         ("spelling", "Offers for the MSc Data Science go out on March 3rd."),
         ("synonym", "Offers for the MSc Data Science are sent on 3 March."),
         ("casual", "msc data science offers go out march 3")],
        ["Offers for the MSc Data Science go out on 10 March."],
        [("near", "Offers for the MSc Computer Science go out on 3 March."),
         ("antonym", "Rejections for the MSc Data Science go out on 3 March."),
         ("word", "Offers for the part-time MSc Data Science go out on 3 March."),
         ("near", "Offers for the BSc Data Science go out on 3 March."),
         ("tense", "Offers for the MSc Data Science went out on 3 March last year.")],
        "Offers for the MSc Data Science don't go out on 3 March.",
    ),
    (
        "International applicants need an IELTS of 6.5 with no band below 6.0.",
        [("abbreviation", "Intl applicants need an IELTS of 6.5 with no band below 6.0."),
         ("paraphrase", "International applicants need IELTS 6.5 overall, and no band "
                        "under 6.0."),
         ("plural", "An international applicant needs an IELTS of 6.5 with no band below "
                    "6.0."),
         ("typo", "International applicants need an IELTS of 6.5 with no band bleow 6.0.")],
        ["International applicants need an IELTS of 7.0 with no band below 6.0.",
         "International applicants need an IELTS of 6.5 with no band below 5.5."],
        [("antonym", "Home applicants need an IELTS of 6.5 with no band below 6.0."),
         ("near", "International applicants need a TOEFL of 90 with no section below 20."),
         ("word", "International PhD applicants need an IELTS of 6.5 with no band below "
                  "6.0."),
         ("tense", "International applicants needed an IELTS of 6.0 with no band below 5.5 "
                   "before 2025.")],
        "International applicants don't need an IELTS.",
    ),
    # family group chat
    (
        "Grandma's 80th is at the Lotus Garden on Saturday the 14th, table booked for 7pm.",
        [("casual", "grandmas 80th is at lotus garden sat 14th, table booked 7pm"),
         ("reorder", "Saturday the 14th, 7pm: Grandma's 80th at the Lotus Garden, table "
                     "booked."),
         ("spelling", "Grandma's eightieth is at the Lotus Garden on Saturday the 14th, table "
                      "booked for 7pm."),
         ("passive", "A table for Grandma's 80th has been booked at the Lotus Garden on "
                     "Saturday the 14th for 7pm."),
         ("typo", "Grandma's 80th is at the Lotus Gardne on Saturday the 14th, table booked "
                  "for 7pm.")],
        ["Grandma's 80th is at the Lotus Garden on Saturday the 14th, table booked for "
         "7:30pm.",
         "Grandma's 80th is at the Lotus Garden on Saturday the 21st, table booked for 7pm.",
         "Grandma's 80th is at the Lotus Gardens Hotel on Saturday the 14th, table booked "
         "for 7pm."],
        [("near", "Grandpa's 80th is at the Lotus Garden on Saturday the 14th, table booked "
                  "for 7pm."),
         ("number", "Grandma's 85th is at the Lotus Garden on Saturday the 14th, table "
                    "booked for 7pm."),
         ("tense", "Grandma's 70th was at the Lotus Garden on a Saturday, table booked for "
                   "7pm.")],
        "Grandma's 80th isn't at the Lotus Garden.",
    ),
    (
        "Mum's the one picking up Noah from football on Wednesdays.",
        [("contraction", "Mum is the one picking up Noah from football on Wednesdays."),
         ("spelling", "Mom's the one picking up Noah from football on Wednesdays."),
         ("casual", "mum's picking noah up from football weds"),
         ("paraphrase", "On Wednesdays Mum collects Noah from football.")],
        ["Dad's the one picking up Noah from football on Wednesdays.",
         "Mum's the one picking up Noah from football on Fridays."],
        [("name", "Mum's the one picking up Noa from football on Wednesdays."),
         ("near", "Mum's the one picking up Noah from swimming on Wednesdays."),
         ("verb", "Mum's the one dropping Noah off at football on Wednesdays."),
         ("tense", "Mum was the one picking up Noah from football on Wednesdays last "
                   "season.")],
        "Mum's not picking up Noah from football on Wednesdays.",
    ),
    # D&D campaign
    (
        "Session 12 of the Curse of Strahd campaign is at Joaquín's place, Sunday 2pm.",
        [("abbreviation", "Session 12 of the CoS campaign is at Joaquín's place, Sun 2pm."),
         ("spelling", "Session 12 of the Curse of Strahd campaign is at Joaquin's place, "
                      "Sunday 2pm."),
         ("casual", "sesh 12 of curse of strahd is at joaquín's, sunday 2pm"),
         ("reorder", "Sunday 2pm at Joaquín's place: session 12 of the Curse of Strahd "
                     "campaign.")],
        ["Session 12 of the Curse of Strahd campaign is at Joaquín's place, Sunday 4pm.",
         "Session 12 of the Curse of Strahd campaign is at Beatriz's place, Sunday 2pm."],
        [("number", "Session 13 of the Curse of Strahd campaign is at Joaquín's place, "
                    "Sunday 2pm."),
         ("id", "Session 21 of the Curse of Strahd campaign is at Joaquín's place, Sunday "
                "2pm."),
         ("near", "Session 12 of the Tomb of Annihilation campaign is at Joaquín's place, "
                  "Sunday 2pm."),
         ("tense", "Session 11 of the Curse of Strahd campaign was at Joaquín's place, "
                   "Sunday 2pm.")],
        "Session 12 of the Curse of Strahd campaign isn't at Joaquín's place.",
    ),
    (
        "Ysolde the bard owes the party 40 gold and a favour to the Harpers.",
        [("spelling", "Ysolde the bard owes the party 40 gold and a favor to the Harpers."),
         ("abbreviation", "Ysolde the bard owes the party 40 gp and a favour to the Harpers."),
         ("typo", "Ysolde the bard owes the praty 40 gold and a favour to the Harpers."),
         ("casual", "ysolde (bard) owes party 40 gold + a favour to the harpers")],
        ["Ysolde the bard owes the party 65 gold and a favour to the Harpers."],
        [("name", "Ysolda the bard owes the party 40 gold and a favour to the Harpers."),
         ("near", "Ysolde the bard owes the party 40 silver and a favour to the Harpers."),
         ("antonym", "The party owes Ysolde the bard 40 gold and a favour to the Harpers."),
         ("near", "Ysolde the bard owes the party 40 gold and a favour to the Zhentarim.")],
        "Ysolde the bard doesn't owe the party anything.",
    ),
    # brewery
    (
        "Fermenter FV3 has the oatmeal stout, dry hop on day 6 is not needed.",
        [("contraction", "Fermenter FV3 has the oatmeal stout, dry hop on day 6 isn't needed."),
         ("abbreviation", "FV3 has the oatmeal stout, dry hop on d6 is not needed."),
         ("synonym", "Fermenter FV3 holds the oatmeal stout, dry hop on day 6 is not needed."),
         ("typo", "Fermenter FV3 has the oatmeal stuot, dry hop on day 6 is not needed.")],
        [],
        [("id", "Fermenter FV8 has the oatmeal stout, dry hop on day 6 is not needed."),
         ("near", "Fermenter FV3 has the oatmeal porter, dry hop on day 6 is not needed."),
         ("near", "Brite tank BT3 has the oatmeal stout, dry hop on day 6 is not needed."),
         ("word", "Fermenter FV3 has the oatmeal milk stout, dry hop on day 6 is not needed."),
         ("tense", "Fermenter FV3 had the oatmeal stout last month, dry hop on day 6 was not "
                   "needed.")],
        "Fermenter FV3 doesn't have the oatmeal stout.",
    ),
    (
        "Canning day for the hazy IPA is moved to 9 October, Ruairí runs the line.",
        [("spelling", "Canning day for the hazy IPA is moved to October 9, Ruairi runs the "
                      "line."),
         ("paraphrase", "The hazy IPA now cans on 9 October, with Ruairí running the line."),
         ("casual", "hazy ipa canning moved to oct 9, ruairí on the line"),
         ("passive", "Canning day for the hazy IPA is moved to 9 October, the line is run by "
                     "Ruairí.")],
        ["Canning day for the hazy IPA is moved to 16 October, Ruairí runs the line.",
         "Canning day for the hazy IPA is moved to 9 October, Siobhra runs the line."],
        [("near", "Kegging day for the hazy IPA is moved to 9 October, Ruairí runs the "
                     "line."),
         ("near", "Canning day for the West Coast IPA is moved to 9 October, Ruairí runs "
                  "the line."),
         ("word", "Canning day for the hazy double IPA is moved to 9 October, Ruairí runs "
                  "the line.")],
        "Canning day for the hazy IPA isn't moved.",
    ),
    # call centre
    (
        "Average handle time target for the billing queue is 6 minutes.",
        [("abbreviation", "AHT target for the billing queue is 6 mins."),
         ("reorder", "For the billing queue, the average handle time target is 6 minutes."),
         ("spelling", "Average handle time target for the billing queue is six minutes."),
         ("casual", "aht target for billing queue = 6 min"),
         ("synonym", "Average handling time goal for the billing queue is 6 minutes.")],
        ["Average handle time target for the billing queue is 7 minutes."],
        [("near", "Average handle time target for the tech support queue is 6 minutes."),
         ("near", "Average wait time target for the billing queue is 6 minutes."),
         ("word", "Average handle time target for the Spanish billing queue is 6 minutes."),
         ("date", "Average handle time target for the Saturday billing queue is 6 minutes."),
         ("tense", "Average handle time target for the billing queue was 6 minutes in Q1.")],
        "Average handle time target for the billing queue isn't 6 minutes.",
    ),
    (
        "Callers who mention cancelling go straight to the retention team, transfer code 44.",
        [("spelling", "Callers who mention canceling go straight to the retention team, "
                      "transfer code 44."),
         ("plural", "A caller who mentions cancelling goes straight to the retention team, "
                    "transfer code 44."),
         ("filler", "Quick reminder, callers who mention cancelling go straight to the "
                    "retention team, transfer code 44."),
         ("typo", "Callers who mention cancelling go straight to the retnetion team, "
                  "transfer code 44.")],
        ["Callers who mention cancelling go straight to the retention team, transfer code 47."],
        [("near", "Callers who mention refunds go straight to the retention team, transfer "
                  "code 44."),
         ("verb", "Callers who threaten cancelling go straight to the retention team, "
                  "transfer code 44."),
         ("near", "Callers who mention cancelling go straight to the complaints team, "
                  "transfer code 44.")],
        "Callers who mention cancelling don't go to the retention team.",
    ),
    # IT helpdesk
    (
        "Laptop LT-0392 is Aurélie's loaner until her MacBook comes back from repair.",
        [("spelling", "Laptop LT-0392 is Aurelie's loaner until her MacBook comes back from "
                      "repair."),
         ("casual", "lt-0392 is aurelie's loaner til her macbook's back from repair"),
         ("synonym", "Laptop LT-0392 is Aurélie's loaner until her MacBook returns from "
                     "repair."),
         ("typo", "Laptop LT-0392 is Aurélie's loaner until her MacBook comes back from "
                  "repiar.")],
        ["Laptop LT-0392 is Arnaud's loaner until his MacBook comes back from repair."],
        [("id", "Laptop LT-0329 is Aurélie's loaner until her MacBook comes back from "
                "repair."),
         ("id", "Laptop LT-0393 is Aurélie's loaner until her MacBook comes back from "
                "repair."),
         ("tense", "Laptop LT-0392 was Aurélie's loaner until her MacBook came back from "
                   "repair.")],
        "Laptop LT-0392 isn't Aurélie's loaner.",
    ),
    (
        "Password resets for the finance team need a manager to approve in ServiceNow.",
        [("passive", "In ServiceNow, password resets for the finance team have to be "
                     "approved by a manager."),
         ("abbreviation", "Pwd resets for the finance team need a manager to approve in "
                          "ServiceNow."),
         ("casual", "pw resets for finance need manager approval in servicenow"),
         ("plural", "A password reset for the finance team needs a manager to approve in "
                    "ServiceNow."),
         ("synonym", "Password resets for the finance team require a manager to approve in "
                     "ServiceNow.")],
        ["Password resets for the finance team need a director to approve in ServiceNow."],
        [("near", "Password resets for the payroll team need a manager to approve in "
                  "ServiceNow."),
         ("object", "MFA resets for the finance team need a manager to approve in "
                    "ServiceNow."),
         ("word", "Password resets for the finance team's contractors need a manager to "
                  "approve in ServiceNow."),
         ("tense", "Password resets for the finance team will need a manager to approve in "
                   "ServiceNow after the audit.")],
        "Password resets for the finance team don't need a manager to approve.",
    ),
    # hospital ward rota
    (
        "Ward 7B night shift this week: Sister Mbeki in charge, two HCAs.",
        [("abbreviation", "Wd 7B night shift this wk: Sr Mbeki in charge, two HCAs."),
         ("spelling", "Ward 7B night shift this week: Sister Mbeki in charge, 2 HCAs."),
         ("casual", "7b nights this week - sister mbeki in charge, 2 hcas"),
         ("reorder", "Sister Mbeki is in charge of ward 7B night shift this week, with two "
                     "HCAs.")],
        ["Ward 7B night shift this week: Sister Mbeki in charge, three HCAs.",
         "Ward 7B night shift this week: Charge Nurse Dlamini in charge, two HCAs."],
        [("id", "Ward 7D night shift this week: Sister Mbeki in charge, two HCAs."),
         ("number", "Ward 8B night shift this week: Sister Mbeki in charge, two HCAs."),
         ("antonym", "Ward 7B day shift this week: Sister Mbeki in charge, two HCAs."),
         ("date", "Ward 7B night shift next week: Sister Mbeki in charge, two HCAs."),
         ("tense", "Ward 7B night shift last week: Sister Mbeki in charge, two HCAs.")],
        "Sister Mbeki isn't in charge of ward 7B night shift this week.",
    ),
    (
        "Bank staff on ICU can't work more than 3 consecutive nights.",
        [("contraction", "Bank staff on ICU cannot work more than 3 consecutive nights."),
         ("spelling", "Bank staff on ICU can't work more than three consecutive nights."),
         ("synonym", "Bank staff on ICU can't work more than 3 nights in a row."),
         ("typo", "Bank staff on ICU can't work more than 3 consecutive nigths."),
         ("filler", "fyi bank staff on ICU can't work more than 3 consecutive nights")],
        ["Bank staff on ICU can't work more than 4 consecutive nights."],
        [("near", "Agency staff on ICU can't work more than 3 consecutive nights."),
         ("near", "Bank staff on HDU can't work more than 3 consecutive nights."),
         ("antonym", "Bank staff on ICU can't work more than 3 consecutive days."),
         ("tense", "Bank staff on ICU couldn't work more than 3 consecutive nights during "
                   "the strike.")],
        "Bank staff on ICU can work more than 3 consecutive nights.",
    ),
    # library
    (
        "The maker space 3D printer can be booked in 2-hour slots at the front desk.",
        [("passive", "You book the maker space 3D printer in 2-hour slots at the front desk."),
         ("spelling", "The maker space 3D printer can be booked in two-hour slots at the "
                      "front desk."),
         ("abbreviation", "The maker space 3D printer can be booked in 2h slots at the "
                          "front desk."),
         ("casual", "makerspace 3d printer is bookable in 2hr slots at front desk")],
        ["The maker space 3D printer can be booked in 3-hour slots at the front desk.",
         "The maker space 3D printer can be booked in 2-hour slots online."],
        [("near", "The maker space laser cutter can be booked in 2-hour slots at the front "
                  "desk."),
         ("word", "The maker space resin 3D printer can be booked in 2-hour slots at the "
                  "front desk."),
         ("near", "The study rooms can be booked in 2-hour slots at the front desk.")],
        "The maker space 3D printer can't be booked at the front desk.",
    ),
    (
        "Overdue fines are waived for children's books during the summer reading challenge.",
        [("synonym", "Overdue fines are cancelled for children's books during the summer "
                     "reading challenge."),
         ("reorder", "During the summer reading challenge, overdue fines are waived for "
                     "children's books."),
         ("plural", "The overdue fine is waived for any children's book during the summer "
                    "reading challenge."),
         ("typo", "Overdue fines are waved for children's books during the summer reading "
                  "challenge.")],
        [],
        [("antonym", "Overdue fines are waived for adult books during the summer reading "
                     "challenge."),
         ("near", "Overdue fines are waived for children's DVDs during the summer reading "
                  "challenge."),
         ("near", "Lost-item fees are waived for children's books during the summer reading "
                  "challenge."),
         ("date", "Overdue fines are waived for children's books during the winter reading "
                  "challenge."),
         ("tense", "Overdue fines were waived for children's books during last year's "
                   "summer reading challenge.")],
        "Overdue fines aren't waived for children's books during the summer reading "
        "challenge.",
    ),
    # farm
    (
        "The heifers in the top field get moved to the river paddock on Friday.",
        [("casual", "heifers in top field move to river paddock fri"),
         ("passive", "On Friday the heifers in the top field are being moved to the river "
                     "paddock."),
         ("synonym", "The heifers in the top field get shifted to the river paddock on "
                     "Friday."),
         ("typo", "The heifers in the top field get moved to the river padock on Friday.")],
        ["The heifers in the top field get moved to the river paddock on Monday.",
         "The heifers in the top field get moved to the orchard paddock on Friday."],
        [("near", "The steers in the top field get moved to the river paddock on Friday."),
         ("antonym", "The heifers in the bottom field get moved to the river paddock on "
                     "Friday."),
         ("verb", "The heifers in the top field get wormed in the river paddock on Friday."),
         ("tense", "The heifers in the top field got moved to the river paddock on Friday.")],
        "The heifers in the top field aren't moving to the river paddock.",
    ),
    (
        "Tractor JD-6120's hydraulic leak is fixed; it's back on hedge cutting.",
        [("contraction", "Tractor JD-6120's hydraulic leak is fixed; it is back on hedge "
                         "cutting."),
         ("casual", "jd-6120 hydraulic leak fixed, back on hedge cutting"),
         ("paraphrase", "The hydraulic leak on tractor JD-6120 has been fixed and it's back "
                        "on hedge cutting."),
         ("spelling", "Tractor JD-6120's hydraulic leak is fixed; it's back on hedge-cutting.")],
        ["Tractor JD-6120's hydraulic leak is fixed; it's back on ploughing."],
        [("id", "Tractor JD-6210's hydraulic leak is fixed; it's back on hedge cutting."),
         ("id", "Tractor JD-6130's hydraulic leak is fixed; it's back on hedge cutting."),
         ("near", "Tractor JD-6120's fuel leak is fixed; it's back on hedge cutting."),
         ("tense", "Tractor JD-6120's hydraulic leak will be fixed by Monday; it'll go back "
                   "on hedge cutting.")],
        "Tractor JD-6120's hydraulic leak isn't fixed.",
    ),
    # coworking space
    (
        "Hot desks on the mezzanine are first come first served; fixed desks are on level 2.",
        [("spelling", "Hot desks on the mezzanine are first-come, first-served; fixed desks "
                      "are on level two."),
         ("reorder", "Fixed desks are on level 2; hot desks on the mezzanine are first come "
                     "first served."),
         ("abbreviation", "Hot desks on the mezz are first come first served; fixed desks "
                          "are on L2."),
         ("casual", "mezzanine hot desks = first come first served, fixed desks on lvl 2")],
        ["Hot desks on the mezzanine are first come first served; fixed desks are on level 3."],
        [("antonym", "Hot desks on the mezzanine are bookable in advance; fixed desks are on "
                     "level 2."),
         ("near", "Phone booths on the mezzanine are first come first served; fixed desks "
                  "are on level 2."),
         ("word", "Standing hot desks on the mezzanine are first come first served; fixed "
                  "desks are on level 2.")],
        "Hot desks on the mezzanine aren't first come first served.",
    ),
    # bike shop
    (
        "Noémie's gravel bike is in for a full service, ready Thursday, quote was EUR 120.",
        [("spelling", "Noemie's gravel bike is in for a full service, ready Thursday, quote was "
                      "120 euros."),
         ("abbreviation", "Noémie's gravel bike is in for a full svc, ready Thu, quote was "
                          "EUR 120."),
         ("casual", "noémie's gravel bike in for full service, ready thurs, quoted 120 eur"),
         ("typo", "Noémie's gravel bike is in for a full service, ready Thrusday, quote was "
                  "EUR 120.")],
        ["Noémie's gravel bike is in for a full service, ready Saturday, quote was EUR 120.",
         "Noémie's gravel bike is in for a full service, ready Thursday, quote was EUR 145."],
        [("near", "Noémie's road bike is in for a full service, ready Thursday, quote was "
                  "EUR 120."),
         ("name", "Noémi's gravel bike is in for a full service, ready Thursday, quote was "
                  "EUR 120."),
         ("word", "Noémie's gravel bike is in for a full service and new tyres, ready Thursday, "
                  "quote was EUR 120."),
         ("tense", "Noémie's gravel bike was in for a full service in spring, quote was "
                   "EUR 120.")],
        "Noémie's gravel bike isn't in for a service.",
    ),
]  # fmt: skip
