import os

import pytest

from tests.stub_server import StubServer

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


@pytest.fixture
def stub():
    server = StubServer().start()
    yield server
    server.stop()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "saves" / "test.db"
