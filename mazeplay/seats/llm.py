"""A language model in a seat, through litellm — the only module of mazeplay that imports litellm.

litellm costs seconds to import, so it is imported on first use, never at module import. Every call
carries a timeout; rate limits, 5xx, connection errors, timeouts and malformed responses are retried
with exponential backoff (litellm's and the OpenAI SDK's own retries are off, so counts are ours).
"""

from __future__ import annotations

import asyncio
import os
import random
import socket
import time
from dataclasses import dataclass, field
from typing import Any, Callable

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


Reporter = Callable[..., None]  # SeatRequest.report: text=…, or attempt=…, attempts=…, problem=…, retry_in=…

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
    stream: bool = False  # show the reply as it is written (the TUI); what is saved is the same either way

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

    async def complete(self, messages: list[dict[str, str]], *, report: Reporter | None = None,
                       **extra: Any) -> SeatReply:
        """One chat completion with retries; SeatError with one line when it cannot succeed.
        `report(**fields)` hears each retry and, when the seat streams, the text so far."""
        litellm = await asyncio.to_thread(load_litellm)  # the first import takes seconds: keep UIs live
        payload = {**self.payload(messages), **extra}
        retryable = (
            litellm.RateLimitError, litellm.InternalServerError, litellm.ServiceUnavailableError,
            litellm.APIConnectionError, litellm.Timeout, litellm.APIError, ValueError, KeyError, TimeoutError,
        )
        attempts = self.retry.max_retries + 1
        started = time.perf_counter()
        last_error: Exception | None = None
        for attempt in range(attempts):
            try:
                if self.stream:
                    response = await self._streamed(litellm, payload, report)
                else:
                    response = await litellm.acompletion(
                        **payload, api_key=self.api_key, timeout=self.timeout, num_retries=0, max_retries=0
                    )
                text = response.choices[0].message.content
                if text is None:
                    text = ""
                return SeatReply(
                    text=str(text),
                    request=saved_request(payload),  # streamed or not, the same request is saved
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
                raise SeatError(f"{self.model}: request refused by {self.endpoint}: {self._one_line(exc)}") from None
            except retryable as exc:
                last_error = exc
                if attempt < self.retry.max_retries:
                    delay = self.retry.delay(attempt)
                    if report is not None:
                        report(attempt=attempt + 2, attempts=attempts, problem=self.failure(exc), retry_in=delay)
                    await asyncio.sleep(delay)
        tries = f"{attempts} attempts" if attempts > 1 else "1 attempt"
        raise SeatError(f"{self.model}: failed after {tries}: {self.failure(last_error)}")

    @property
    def endpoint(self) -> str:
        """Where requests go, as a person may be shown it: the URL without credentials, or the provider."""
        return public_url(self.api_base) or f"the {self.model.split('/', 1)[0]} API"

    def failure(self, exc: BaseException | None) -> str:
        """What went wrong, in one line that names the kind of failure and the endpoint. A refused
        connection is a connection error, although litellm raises it as InternalServerError."""
        kind, detail = _failure_kind(exc)
        if kind == "connection error":
            return f"connection error: {self._scrub(detail)} at {self.endpoint}"
        if kind == "timeout":
            return f"no reply from {self.endpoint} within {self.timeout:g} s"
        return f"{kind} from {self.endpoint}: {self._one_line(exc)}"

    async def _streamed(self, litellm: Any, payload: dict[str, Any], report: Reporter | None) -> Any:
        """A streamed completion, each piece reported as it arrives, rebuilt into the response an
        unstreamed call returns (so the saved turn does not depend on streaming). litellm's timeout
        bounds each read; the whole reply gets the same bound an unstreamed call has."""
        chunks: list[Any] = []
        text = ""
        if report is not None:
            report(text="")  # a new attempt starts from nothing
        async with asyncio.timeout(self.timeout):
            stream = await litellm.acompletion(
                **payload, stream=True, stream_options={"include_usage": True},
                api_key=self.api_key, timeout=self.timeout, num_retries=0, max_retries=0,
            )
            try:
                async for chunk in stream:
                    chunks.append(chunk)
                    piece = chunk.choices[0].delta.content if chunk.choices else None
                    if piece:
                        text += piece
                        if report is not None:
                            report(text=text)
            finally:
                close = getattr(stream, "aclose", None)
                if close is not None:
                    await close()
        return _assembled(litellm, chunks, text)

    def _one_line(self, exc: BaseException | None) -> str:
        """A server's error, one line, with this seat's key (and anything key-shaped) and escapes removed:
        some servers echo the key they were sent, and a body can hold terminal escapes."""
        return self._scrub(_one_line(exc))

    def _scrub(self, text: str) -> str:
        return scrub(text, (self.api_key, _url_secret(self.api_base)))

    async def reply(self, request: SeatRequest) -> SeatReply:
        return await self.complete(request.messages, report=request.report)


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


class StreamCut(ValueError):
    """A stream that ended without saying it was finished (the connection dropped): retried."""


def _assembled(litellm: Any, chunks: list[Any], text: str) -> Any:
    """The response an unstreamed call would have returned, from a stream's chunks: the same fields in
    the same shape, passed through litellm's own conversion of an OpenAI-style response. (`created`
    is litellm's stamp, not the server's, and usage details litellm derives itself are left out.)"""
    finish = next((c.choices[0].finish_reason for c in reversed(chunks) if c.choices and c.choices[0].finish_reason), None)
    if finish is None:
        raise StreamCut("the stream ended before the reply was finished")
    first = chunks[0]
    usage = next((c.usage for c in reversed(chunks) if getattr(c, "usage", None) is not None), None)
    data: dict[str, Any] = {
        "id": first.id, "object": "chat.completion", "created": first.created, "model": first.model,
        "system_fingerprint": getattr(first, "system_fingerprint", None),
        "choices": [{"index": 0, "finish_reason": finish, "logprobs": None,
                     "message": {"role": "assistant", "content": text, "refusal": None, "annotations": None,
                                 "audio": None, "function_call": None, "tool_calls": None}}],
        "service_tier": getattr(first, "service_tier", None),
    }
    if usage is not None:
        data["usage"] = _reported_usage(usage)
    from litellm.utils import convert_to_model_response_object
    from openai.types.chat import ChatCompletion  # what an unstreamed OpenAI-style call hands litellm

    try:
        data = ChatCompletion.model_validate(data).model_dump()
    except ValueError:  # an unusual stream: convert what we have
        pass
    return convert_to_model_response_object(response_object=data, model_response_object=litellm.ModelResponse())


def _reported_usage(usage: Any) -> dict[str, Any]:
    """The counts a provider reported: totals, and token details only when they count something
    (litellm adds zero reasoning and derived text counts to every streamed usage)."""
    data = usage.model_dump() if hasattr(usage, "model_dump") else dict(usage)
    out = {key: data.get(key) for key in ("completion_tokens", "prompt_tokens", "total_tokens")}
    for key in ("completion_tokens_details", "prompt_tokens_details"):
        details = data.get(key) or {}
        if any(value for name, value in details.items() if name != "text_tokens"):
            out[key] = {name: value for name, value in details.items() if name != "text_tokens"}
    return out


def _failure_kind(exc: BaseException | None) -> tuple[str, str]:
    """(kind, detail) of a failed call, from the exception and the ones it was raised from."""
    chain: list[BaseException] = []
    while exc is not None and exc not in chain and len(chain) < 12:
        chain.append(exc)
        exc = exc.__cause__ or exc.__context__
    names = {type(e).__name__ for e in chain}
    if any(isinstance(e, ConnectionRefusedError) for e in chain):
        return "connection error", "connection refused"
    if any(isinstance(e, socket.gaierror) for e in chain):
        return "connection error", "host not found"
    if names & {"Timeout", "ReadTimeout", "APITimeoutError", "ConnectTimeout", "PoolTimeout"} or any(
            isinstance(e, TimeoutError) for e in chain):
        return "timeout", ""
    if any(isinstance(e, StreamCut) for e in chain) or names & {"RemoteProtocolError", "ReadError"}:
        return "connection error", "the connection dropped mid-reply"
    if names & {"APIConnectionError", "ConnectError", "ClientConnectorError"} or any(
            isinstance(e, ConnectionError) for e in chain):
        if isinstance(chain[-1], ValueError):  # refused before sending (credentials in the URL and a key)
            return "connection error", f"the request could not be sent ({_one_line(chain[-1])})"
        return "connection error", "could not connect"
    status = getattr(chain[0], "status_code", None) if chain else None
    if status == 429 or names & {"RateLimitError"}:
        return "rate limited (HTTP 429)", ""
    if isinstance(status, int) and status >= 500:
        return f"server error (HTTP {status})", ""
    if chain and isinstance(chain[0], (ValueError, KeyError)):
        return "malformed response", ""
    return "error", ""


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
