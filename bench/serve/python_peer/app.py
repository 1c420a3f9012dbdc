"""The peer receiver, built the way a Python team would: FastAPI on uvicorn, Apple's
app-store-server-library for verification, SQLite for storage.

POST /v2/notifications {"signedPayload": "<JWS>"}:
  verify the notification and its nested signed fields (transaction, renewal info, app
  transaction) with SignedDataVerifier; insert it by notificationUUID (INSERT OR IGNORE) with
  its decoded fields and, for RESCIND_CONSENT, park the revocation in the same transaction;
  answer 200 {"status": "stored"|"duplicate"} only after COMMIT (WAL, synchronous=FULL).
GET /healthz: {"status": "ok"}.

Environment: PEER_DB (SQLite file), PEER_ROOT (root certificate, PEM or DER),
PEER_BUNDLE_ID (default com.example.agekit). The environment is Sandbox: the library skips
verification entirely for LocalTesting and Xcode.
"""

import os
import sqlite3
import threading
import time

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

DB_PATH = os.environ["PEER_DB"]
BUNDLE_ID = os.environ.get("PEER_BUNDLE_ID", "com.example.agekit")


def root_der(path: str) -> bytes:
    with open(path, "rb") as handle:
        data = handle.read()
    if b"-----BEGIN" in data:
        return x509.load_pem_x509_certificate(data).public_bytes(serialization.Encoding.DER)
    return data


verifier = SignedDataVerifier(
    [root_der(os.environ["PEER_ROOT"])], enable_online_checks=False,
    environment=Environment.SANDBOX, bundle_id=BUNDLE_ID)

SCHEMA = """
CREATE TABLE IF NOT EXISTS notifications (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    bundle_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    notification_type TEXT NOT NULL,
    subtype TEXT,
    signed_date INTEGER NOT NULL,
    transaction_id TEXT,
    original_transaction_id TEXT,
    app_transaction_id TEXT,
    received_at INTEGER NOT NULL,
    signed_payload TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS parked_revocations (
    notification_uuid TEXT PRIMARY KEY,
    app_transaction_id TEXT NOT NULL,
    revoked_at INTEGER NOT NULL);
"""

_local = threading.local()


def connection() -> sqlite3.Connection:
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(DB_PATH, isolation_level=None, timeout=30, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        _local.conn = conn
    return conn


with sqlite3.connect(DB_PATH, isolation_level=None, timeout=30) as setup:
    setup.execute("PRAGMA journal_mode=WAL")
    setup.executescript(SCHEMA)

app = FastAPI()


class NotificationBody(BaseModel):
    signedPayload: str


def error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


@app.get("/healthz")
def healthz():
    return {"status": "ok"}


@app.post("/v2/notifications")
def receive(body: NotificationBody):
    try:
        notification = verifier.verify_and_decode_notification(body.signedPayload)
        transaction_id = original_transaction_id = app_transaction_id = None
        data = notification.data
        if data is not None and data.signedTransactionInfo:
            transaction = verifier.verify_and_decode_signed_transaction(data.signedTransactionInfo)
            transaction_id = transaction.transactionId
            original_transaction_id = transaction.originalTransactionId
            app_transaction_id = transaction.appTransactionId
        if data is not None and data.signedRenewalInfo:
            verifier.verify_and_decode_renewal_info(data.signedRenewalInfo)
        app_data = notification.appData
        if app_data is not None and app_data.signedAppTransactionInfo:
            app_transaction = verifier.verify_and_decode_app_transaction(app_data.signedAppTransactionInfo)
            app_transaction_id = app_transaction.appTransactionId
    except VerificationException as failure:
        return error(401, failure.status.name.lower(), str(failure))

    kind = notification.rawNotificationType
    environment = (data.rawEnvironment if data is not None else app_data.rawEnvironment if app_data else "")
    uuid = notification.notificationUUID
    conn = connection()
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            inserted = conn.execute(
                "INSERT OR IGNORE INTO notifications (uuid, bundle_id, environment, notification_type, subtype,"
                " signed_date, transaction_id, original_transaction_id, app_transaction_id, received_at,"
                " signed_payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (uuid, BUNDLE_ID, environment or "", kind, notification.rawSubtype, notification.signedDate,
                 transaction_id, original_transaction_id, app_transaction_id, int(time.time() * 1000),
                 body.signedPayload)).rowcount == 1
            if inserted and kind == "RESCIND_CONSENT":
                conn.execute(
                    "INSERT OR IGNORE INTO parked_revocations (notification_uuid, app_transaction_id, revoked_at)"
                    " VALUES (?, ?, ?)", (uuid, app_transaction_id, notification.signedDate))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    except sqlite3.Error as failure:
        return error(503, "store_unavailable", str(failure))
    return {"status": "stored" if inserted else "duplicate", "notificationUUID": uuid}
