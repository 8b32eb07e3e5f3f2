"""Play across the home network, with no pygame: the host runs the only match (``TableHost`` beside its
``TableSession``), each guest joins by address, port and table code (``TableClient``) and plays from a
``RemoteTable`` holding only what its seat may see. Layers: ui -> net -> session.
"""
from .client import JoinRefused, TableClient
from .host import DROP_WAIT_S, HostNotice, LobbySeat, TableHost, local_addresses, new_table_code
from .protocol import (JOIN_CODES, MAX_GUEST_MESSAGE, MAX_HOST_MESSAGE, MOVE_CODES, NOTICE_CODES, PROBLEM_CODES,
                       PROTOCOL_VERSION, ProtocolError)
from .remote_table import GUEST_UNAVAILABLE, GuestNotice, RemoteTable

__all__ = ["JoinRefused", "TableClient", "DROP_WAIT_S", "HostNotice", "LobbySeat", "TableHost", "local_addresses", "new_table_code",
           "JOIN_CODES", "MAX_GUEST_MESSAGE", "MAX_HOST_MESSAGE", "MOVE_CODES", "NOTICE_CODES", "PROBLEM_CODES",
           "PROTOCOL_VERSION", "ProtocolError", "GUEST_UNAVAILABLE", "GuestNotice", "RemoteTable"]
