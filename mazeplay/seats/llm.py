"""A language model in a seat, through litellm — the only module of mazeplay that imports litellm.

litellm costs seconds to import, so it is imported on first use, never at module import. Every call
carries a timeout; rate limits, 5xx, connection errors, timeouts and malformed responses are retried
with exponential backoff (litellm's and the OpenAI SDK's own retries are off, so counts are ours).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any

from mazeplay.game.loop import SeatError
from mazeplay.game.turns import SeatReply, SeatRequest
from mazeplay.text import public_url, scrub


class ModelCheckError(ValueError):
    """A model that cannot be used: unknown provider or missing key (checked before a game)."""


def load_litellm():
    """Import litellm once, offline and quiet."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    litellm.drop_params = True
    return litellm


def check_model(model: str, api_base: str | None = None, api_key: str | None = None) -> None:
    """Fail fast, without a network call, on an unknown provider or a missing key (naming the variable)."""
    litellm = load_litellm()
    try:
        litellm.get_llm_provider(model)
    except Exception:
        raise ModelCheckError(f"unknown model {model!r}: litellm knows no provider for it") from None
    if api_base or api_key:
        return
    env = litellm.validate_environment(model)
    missing = env.get("missing_keys") or []
    if missing:
        raise ModelCheckError(f"missing API key for {model}: set {' or '.join(missing)}")


def model_prices(model: str) -> tuple[float, float] | None:
    """(input, output) USD per token from litellm's bundled price map, or None if it has no entry."""
    litellm = load_litellm()
    try:
        info = litellm.get_model_info(model)
    except Exception:  # "This model isn't mapped yet"
        return None
    if info.get("input_cost_per_token") is None and info.get("output_cost_per_token") is None:
        return None
    return float(info.get("input_cost_per_token") or 0.0), float(info.get("output_cost_per_token") or 0.0)


@dataclass
class RetryPolicy:
    max_retries: int = 4
    base_delay: float = 1.0
    max_delay: float = 30.0

    def delay(self, attempt: int) -> float:
        return min(self.max_delay, self.base_delay * 2**attempt) * (0.5 + random.random() / 2)


DEFAULT_MAX_TOKENS = 4096  # generous for a maze message, but a runaway model cannot send megabytes


@dataclass
class LLMSeat:
    """Any litellm `provider/model`, or an OpenAI-compatible server via `api_base`."""

    model: str
    api_base: str | None = None
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 120.0
    temperature: float | None = None
    max_tokens: int | None = DEFAULT_MAX_TOKENS  # a cap on every reply; None sends no limit
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    kind: str = "llm"
    params: dict = field(default_factory=dict)  # extra request parameters from the model's config table
    prices: tuple[float, float] | None = None  # USD per input, output token, overriding litellm's price map

    def describe(self) -> dict:
        data: dict[str, Any] = {"kind": self.kind, "name": self.model, "timeout": self.timeout}
        for name in ("api_base", "temperature", "max_tokens"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        if "api_base" in data:
            data["api_base"] = public_url(data["api_base"])  # credentials in the URL are never saved
        return data

    async def close(self) -> None:
        return None

    def payload(self, messages: list[dict[str, str]]) -> dict[str, Any]:
        """The exact request, minus secrets (saved with the turn)."""
        data: dict[str, Any] = {**self.params, "model": self.model, "messages": messages}
        for name in ("api_base", "temperature", "max_tokens"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        return data

    async def complete(self, messages: list[dict[str, str]], **extra: Any) -> SeatReply:
        """One chat completion with retries; SeatError with one line when it cannot succeed."""
        litellm = await asyncio.to_thread(load_litellm)  # the first import takes seconds: keep UIs live
        payload = {**self.payload(messages), **extra}
        retryable = (
            litellm.RateLimitError, litellm.InternalServerError, litellm.ServiceUnavailableError,
            litellm.APIConnectionError, litellm.Timeout, litellm.APIError, ValueError, KeyError,
        )
        started = time.perf_counter()
        last_error: Exception | None = None
        for attempt in range(self.retry.max_retries + 1):
            try:
                response = await litellm.acompletion(
                    **payload, api_key=self.api_key, timeout=self.timeout, num_retries=0, max_retries=0
                )
                text = response.choices[0].message.content
                if text is None:
                    text = ""
                return SeatReply(
                    text=str(text),
                    request=saved_request(payload),
                    response=response.model_dump(),
                    usage=_usage(response),
                    latency_s=time.perf_counter() - started,
                    cost_usd=_cost(litellm, response, self.prices),
                    retries=attempt,
                    model=getattr(response, "model", None) or self.model,
                )
            except litellm.AuthenticationError:
                raise SeatError(f"{self.model}: the API key was rejected (authentication failed)") from None
            except (litellm.NotFoundError, litellm.BadRequestError) as exc:
                raise SeatError(f"{self.model}: request refused: {self._one_line(exc)}") from None
            except retryable as exc:
                last_error = exc
                if attempt < self.retry.max_retries:
                    await asyncio.sleep(self.retry.delay(attempt))
        raise SeatError(
            f"{self.model}: failed after {self.retry.max_retries + 1} attempts: {self._one_line(last_error)}"
        )

    def _one_line(self, exc: BaseException | None) -> str:
        """A server's error, one line, with this seat's key (and anything key-shaped) and escapes removed:
        some servers echo the key they were sent, and a body can hold terminal escapes."""
        return scrub(_one_line(exc), (self.api_key, _url_secret(self.api_base)))

    async def reply(self, request: SeatRequest) -> SeatReply:
        return await self.complete(request.messages)


def _usage(response: Any) -> dict[str, int] | None:
    usage = getattr(response, "usage", None)
    if usage is None:
        return None
    return {
        key: int(getattr(usage, key) or 0)
        for key in ("prompt_tokens", "completion_tokens", "total_tokens")
        if hasattr(usage, key)
    }


def _cost(litellm: Any, response: Any, prices: tuple[float, float] | None = None) -> float | None:
    if prices is not None:  # the config's prices for this model
        usage = _usage(response) or {}
        return usage.get("prompt_tokens", 0) * prices[0] + usage.get("completion_tokens", 0) * prices[1]
    hidden = getattr(response, "_hidden_params", None) or {}
    if "response_cost" in hidden:  # litellm priced the call already (None: not in its price map)
        return None if hidden["response_cost"] is None else float(hidden["response_cost"])
    try:
        return float(litellm.completion_cost(completion_response=response))
    except Exception:  # models missing from the price map (local ones) have no known price
        return None


def saved_request(payload: dict[str, Any]) -> dict[str, Any]:
    """The request as saved with the turn: exact, except credentials inside the endpoint URL."""
    return {**payload, "api_base": public_url(payload["api_base"])} if payload.get("api_base") else payload


def _url_secret(url: str | None) -> str | None:
    """The password or key a URL carries, if any (so that an echo of it can be scrubbed)."""
    if not url:
        return None
    from urllib.parse import parse_qsl, urlsplit

    parts = urlsplit(url)
    found = [v for k, v in parse_qsl(parts.query) if "key" in k.lower() or "token" in k.lower()]
    return parts.password or (found[0] if found else None)


def _one_line(exc: BaseException | None) -> str:
    text = " ".join(str(exc).split()) if exc else "unknown error"
    return text[:300]
