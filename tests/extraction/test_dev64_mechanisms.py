"""Mechanisms of the stop-37 round (issue 14: the dev64 / dev65 batches of short lines, written by
helpers who had not seen the extractor, and the first dev sets' leftovers). Each test is a family
of wordings, not one dev line, and each fails on the extractor before its fix."""

from __future__ import annotations

from tests.extraction.claim_sets import claims, entities


def test_an_unlisted_brand_before_a_device_word_is_one_thing_with_it_whatever_follows():
    for line, name in (("My new Garmin watch tracks my runs.", "garmin watch"),
                       ("My new Fossil watch keeps buzzing all day.", "fossil watch"),
                       ("My Roborock vacuum gets stuck under the couch.", "roborock vacuum")):
        assert any(e[0] == name for e in entities(line)), (line, entities(line))
        assert not any(e[0] == name.split()[1] for e in entities(line)), line
    assert ("garmin watch", "OWNS") in {(c[2], c[1]) for c in claims("My new Garmin watch tracks my runs.")}
    # a person before a thing is no brand: nothing stands before the name that a thing takes
    assert not any(e[0].startswith("sarah") for e in entities("I gave Sarah headphones for her birthday."))
