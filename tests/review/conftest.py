from tests.l2.conftest import l2_engine  # noqa: F401 - shared fixture
