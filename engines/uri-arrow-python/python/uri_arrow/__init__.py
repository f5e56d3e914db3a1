"""RFC 3986 URIs over Arrow string arrays.

Every function takes a string array (a ``pyarrow.Array`` or
``ChunkedArray`` of ``string``, ``large_string`` or ``string_view``, a
Polars ``Series``, or anything with ``__arrow_c_array__``) and returns an
array of the same length and kind, with null for a row that is null or
cannot be read (the SQL convention, as the SQL functions of
``uri-datafusion``, whose names these are without their ``uri_`` prefix).

>>> import pyarrow as pa, uri_arrow
>>> urls = pa.array(["https://www.Example.co.uk/a?utm_source=x", "not a url", None])
>>> uri_arrow.host(urls).to_pylist()
['www.Example.co.uk', None, None]
>>> uri_arrow.registrable_domain(urls).to_pylist()
['example.co.uk', None, None]
"""

from __future__ import annotations

import pyarrow as pa

from . import _native

__all__ = []


def _to_arrow(values):
    """The values as a pyarrow Array or ChunkedArray, and how to give a
    result back in the caller's kind."""
    if isinstance(values, (pa.Array, pa.ChunkedArray)):
        return values, lambda result: result
    to_arrow = getattr(values, "to_arrow", None)
    if to_arrow is not None and type(values).__module__.startswith("polars"):
        import polars as pl

        name = values.name
        return to_arrow(), lambda result: pl.Series(name, result)
    return pa.array(values), lambda result: result


def _second(second):
    """A base or name as the native module takes it."""
    if second is None or isinstance(second, str):
        return second
    converted, _ = _to_arrow(second)
    if isinstance(converted, pa.ChunkedArray):
        converted = converted.combine_chunks()
    return converted


def _apply(name, values, second):
    """The native function `name` over `values`, in the caller's kind."""
    second = _second(second)
    converted, back = _to_arrow(values)
    if isinstance(converted, pa.ChunkedArray):
        if isinstance(second, pa.Array) and len(second) != 1:
            # A base per row: the rows in one piece, as the bases are.
            return back(_native.apply(name, converted.combine_chunks(), second))
        chunks = [_native.apply(name, chunk, second) for chunk in converted.chunks]
        if not chunks:
            return back(_native.apply(name, pa.array([], type=converted.type), second))
        return back(pa.chunked_array(chunks, type=chunks[0].type))
    return back(_native.apply(name, converted, second))


def _make(name, takes, doc):
    # Each signature as plain as the function's arguments, so that
    # `help()` shows it and DuckDB counts the parameters of an Arrow UDF.
    if not takes:
        def function(values):
            return _apply(name, values, None)
    elif takes in ("name", "base"):
        def function(values, second):
            return _apply(name, values, second)
    else:
        def function(values, second=None):
            return _apply(name, values, second)

    function.__name__ = name
    function.__qualname__ = name
    function.__doc__ = doc
    return function


for _name, _takes, _doc in _native.functions():
    globals()[_name] = _make(_name, _takes, _doc)
    __all__.append(_name)
