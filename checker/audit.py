"""Former home of the Homesteaders Z3 audit, now ``referee.checker.topics.homesteaders.audit``.

Only ``tests/test_clarify_cli.py`` still imports from here; once that import names the new
module, this file goes.
"""

from referee.checker.topics.homesteaders.audit import cheapest_payment, max_reachable_score

__all__ = ["cheapest_payment", "max_reachable_score"]
