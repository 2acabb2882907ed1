"""A purchase that starts a state (issue 14, vehicle family): the car the user bought is the car
they have, beside the purchase the sentence states; a relative's purchase or a sale is not."""

from __future__ import annotations

from memory_core.extraction.schema import FactClaim
from memory_core.l2.implied_states import implied_traits


def bought(obj: str, otype: str, subject: str = "user", negated: bool = False) -> FactClaim:
    return FactClaim(subject=subject, predicate="BOUGHT", object=obj, evidence_text="…", event_id="e1",
                     object_type=otype, negated=negated)


def test_the_users_car_purchase_implies_the_vehicle_trait_once():
    out = implied_traits([bought("卡罗拉", "vehicle")])
    assert [(c.kind, c.trait, c.value, c.predicate) for c in out] == [("trait", "vehicle", "卡罗拉", "DRIVES")]
    stated = FactClaim(subject="user", predicate="DRIVES", object="卡罗拉", evidence_text="…", event_id="e1",
                       kind="trait", trait="vehicle", value="卡罗拉", object_type="vehicle")
    assert implied_traits([bought("卡罗拉", "vehicle"), stated]) == []


def test_other_purchases_imply_nothing():
    assert implied_traits([bought("ipad", "device")]) == []
    assert implied_traits([bought("jeep wrangler", "vehicle", subject="brother")]) == []
    assert implied_traits([bought("car", "vehicle", negated=True)]) == []

