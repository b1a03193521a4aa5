"""HTTP refusals with a code (docs/PROTOCOL.md, "Refusals"): the body keeps FastAPI's
English ``detail`` and adds the kind of refusal as ``code``, and the values its message
names as ``params``, so that a page can say why in its reader's language.

>>> refusal_body("wrong name or password", "wrong_password", {})
{'detail': 'wrong name or password', 'code': 'wrong_password'}
>>> from nardy.server.protocol.refusals import TOO_MANY_LOGINS
>>> error = RefusedRequest(429, TOO_MANY_LOGINS, seconds=3)
>>> error.status_code, error.detail, error.code, error.params
(429, 'too many failed logins; try again in 3 seconds', 'too_many_logins', {'seconds': 3})

A refusal passed on from elsewhere keeps its message and takes the code of its kind:

>>> from nardy.server.protocol.refusals import NOT_SEATED, TableError
>>> error = RefusedRequest.of(400, TableError(NOT_SEATED))
>>> error.detail, error.code
('you are not seated at this table', 'not_seated')
>>> RefusedRequest.of(400, ValueError("no such thing")).code
'refused'
"""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException

from nardy.server.protocol.refusals import Refusal, code_of


def refusal_body(detail: Any, code: str, params: dict[str, Any]) -> dict[str, Any]:
    """The JSON body of a refusal: ``detail``, ``code`` and ``params`` when it has any."""
    body: dict[str, Any] = {"detail": detail, "code": code}
    if params:
        body["params"] = params
    return body


class RefusedRequest(HTTPException):
    """An :class:`HTTPException` of a kind listed in :mod:`nardy.server.protocol.refusals`,
    answered by :func:`nardy.server.http.guard.answer_errors` with its code."""

    def __init__(
        self,
        status: int,
        kind: Refusal,
        headers: dict[str, str] | None = None,
        /,
        **params: Any,
    ) -> None:
        super().__init__(status, kind.text(params), headers)
        self.code = kind.code
        self.params: dict[str, Any] = params

    @classmethod
    def of(cls, status: int, error: Exception) -> RefusedRequest:
        """The refusal of a request that ``error`` refused: its message, with the code of
        its kind (:func:`~nardy.server.protocol.refusals.code_of`) and its values."""
        refused = cls(status, Refusal(code_of(error), str(error)))
        refused.params = dict(getattr(error, "params", {}))
        return refused
