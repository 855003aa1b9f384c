"""Passages written for the teacher-objection tests (issue 24, round 15): genres the
yardstick lacks (a how-to with steps, a news report with a caption, a complaint letter with a
sign-off, a product leaflet with list labels, a school newsletter in plain learner English,
a nature leaflet, a club notice), none taken from a set of questions."""

from __future__ import annotations

CORDIAL = """# Making elderflower cordial

What you need: twenty elderflower heads, two lemons, a kilo of sugar and a large pan.

Stage 1: Pick the flowers on a dry morning. Wet flowers lose the pollen that gives the
cordial its taste.

Stage 2: Dissolve the sugar in 1.5 litres of boiling water and let the syrup cool. Hot
syrup cooks the flowers and turns the cordial brown.

Stage 3: Add the flowers and the sliced lemons, cover the pan with a cloth and leave it for
two days. Citric acid keeps the cordial from going mouldy.

Stage 4: Strain the mixture through a clean tea towel into sterilised bottles. Sealed
bottles keep for about six weeks in a cool cupboard.

Tip: Freeze some cordial in ice-cube trays for the winter."""

FERRY = """# Island ferry cut to one crossing a day

The ferry between Portnahaven and the Isle of Corra will sail only once a day until March,
after Storm Ingrid damaged the pier at Corra harbour last Tuesday.

The Marigold, the island's only car ferry, usually makes four crossings a day. Captain
Fiona Blair said waves of nine metres lifted two concrete blocks off the end of the pier.

Islanders rely on the ferry for food, post and hospital visits. Shopkeeper Angus Reid said
his deliveries had dropped from six vans a week to two.

Repairs will cost an estimated £2.3 million. Divers from Clyde Marine will inspect the
foundations next week before engineers decide whether the pier must be rebuilt.

Pictured: The Marigold moored at Portnahaven on Wednesday."""

COMPLAINT = """# Complaint about a late delivery

Dear Sir or Madam,

Ref: order 55120

On 3 May I ordered a cast-iron casserole dish from your website and paid £64 for next-day
delivery. The dish arrived twelve days later, and the lid was cracked because the box had
no padding.

Your driver left the parcel in the rain beside my bin, although I had asked for it to go
to my neighbour at number 14. My neighbour, Mrs Leila Haddad, was at home all afternoon.

I would like a full refund of the delivery charge and a replacement lid. I have kept the
broken lid and the box in case your courier wishes to collect them.

Yours faithfully,
Daniel Okoro"""

LIGHT = """# Luma 400 bike light: instructions

In the box: one front light, one rear light, a USB cable and two rubber straps.

The front light gives 400 lumens on its brightest setting and lasts two hours. On the
eco setting it lasts nine hours. The rear light flashes red and can be seen from 800
metres away.

Charging: Plug the cable into any USB port. A full charge takes three hours, and the
switch glows green when the battery is full.

The light weighs 95 grams and is waterproof to the IPX6 standard, which means it survives
heavy rain but must not be put under water.

Note: Do not charge the light while it is wet, because water in the port can short the
circuit."""

NEWSLETTER = """# Year 5 trip to the sea life centre

Next friday Year 5 will go to the Sea Life Centre in Weymouth by coach. The coach leave
school at 8:30 and come back about 4 o'clock.

Children must bring a packed lunch and a raincoat, because the rock pools is outside. The
trip cost £12 for each child and parents can pay at the office.

At the centre the children will see the turtle rescue area, where injured sea turtles are
looked after until they can go back to the sea. A keeper called Mr Jonas Beck will show how
the turtles are fed.

Four parents are needed to help on the day. Please tell Miss Patel in the office if you
can come.

Reminder: Medicines must be given to the class teacher in a named bag.

Thank you,
Mrs Adebayo, Head Teacher"""

OTTERS = """# Otters on the River Teme

Otters came back to the River Teme in the 1990s after farmers stopped using the
pesticides that had poisoned the fish they eat. Today about forty otters live along the
river.

An otter eats up to a kilo of fish a day. It also catches crayfish, frogs and sometimes
young ducks. Otters hunt mostly at night, so walkers rarely see them.

Otters leave droppings called spraints on rocks and tree roots. The spraints smell of
jasmine tea and tell other otters who owns that stretch of river.

A female otter raises two or three cubs in a den called a holt. The cubs stay with her for
about a year before they find a stretch of their own.

Image: Otter tracks in the mud below Ludford Bridge."""

ALLOTMENT = """# Hillside allotments: notice to plot holders

The water troughs will be switched on from 1 April. Please use a watering can, not a
hosepipe, because the mains supply is shared with the houses on Mill Lane.

Rent for a full plot is £38 a year and must be paid by 31 January. Plots left unworked for
two months will be offered to the next person on the waiting list, which has 23 names on
it.

The committee has bought a new shredder, which turns prunings into mulch. Plot holders can
book it through the secretary, Gareth Lewis, for a fee of £5 a day.

Bonfires are only allowed in November, because smoke blows into the gardens of the
houses nearby.

Signed,
The Committee"""

KNIFE = """# Sharpening a kitchen knife at home

A blunt knife is more dangerous than a sharp one, because it slips off the skin of a tomato
and into your finger. Most kitchen knives need sharpening every two or three months.

Soak the whetstone in water for ten minutes before you start. A dry stone clogs with metal
dust and stops cutting.

Hold the blade at an angle of about 15 degrees to the stone. A steeper angle gives a
stronger edge that is less sharp, which suits an axe better than a kitchen knife.

Push the blade across the stone from heel to tip, ten strokes on each side. The coarse side
of the stone removes metal quickly, and the fine side polishes the edge.

A burr is a thin curl of metal that forms along the edge while you sharpen. You can feel it
with your thumb, and it shows that you have ground all the way to the edge.

Finish with a few light strokes on a leather strop. Stropping removes the burr and leaves
an edge that can slice paper cleanly."""

ALL = {"cordial": CORDIAL, "ferry": FERRY, "complaint": COMPLAINT, "light": LIGHT,
       "newsletter": NEWSLETTER, "otters": OTTERS, "allotment": ALLOTMENT, "knife": KNIFE}
