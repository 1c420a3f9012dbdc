#!/usr/bin/env python3
"""Writes N distinct App Store Server Notification V2 request bodies, one JSON object
`{"signedPayload": "<JWS>"}` per line, signed by the local test CA of `agekit serve`.

The CA directory holds root.pem, intermediate.pem, leaf.pem and leaf-key.pem. Every
payload gets its own notificationUUID. Payloads cycle through the types of --mix (default
all three, one third each):

  TEST             bare `data` (one signature)
  SUBSCRIBED       `data` with a signed transaction and signed renewal info (three signatures)
  RESCIND_CONSENT  `appData` with a signed app transaction (two signatures)

Usage: gen_payloads.py --ca DIR --count N --out FILE [--mix TEST,SUBSCRIBED,RESCIND_CONSENT]
                       [--environment Sandbox] [--jobs J] [--seed S]
"""

import argparse
import base64
import json
import multiprocessing
import os
import random
import sys
import time
import uuid

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

BUNDLE_ID = "com.example.agekit"

_key = None
_header_b64 = None
_environment = None
_mix = None
TYPES = ("TEST", "SUBSCRIBED", "RESCIND_CONSENT")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def dumps(value) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def load_ca(directory: str):
    def read(name):
        with open(os.path.join(directory, name), "rb") as handle:
            return handle.read()

    chain = [x509.load_pem_x509_certificate(read(name)) for name in ("leaf.pem", "intermediate.pem", "root.pem")]
    x5c = [base64.b64encode(cert.public_bytes(serialization.Encoding.DER)).decode("ascii") for cert in chain]
    key = serialization.load_pem_private_key(read("leaf-key.pem"), password=None)
    return x5c, key


def init_worker(ca_directory: str, environment: str, mix):
    global _key, _header_b64, _environment, _mix
    _mix = mix
    x5c, _key = load_ca(ca_directory)
    _header_b64 = b64url(dumps({"alg": "ES256", "x5c": x5c}))
    _environment = environment


def sign(payload: dict) -> str:
    signing_input = _header_b64 + "." + b64url(dumps(payload))
    der = _key.sign(signing_input.encode("ascii"), ec.ECDSA(hashes.SHA256()))
    r, s = decode_dss_signature(der)
    return signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def notification(index: int, rng: random.Random, now_ms: int) -> dict:
    kind = TYPES.index(_mix[index % len(_mix)])
    body = {"notificationUUID": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "signedDate": now_ms, "version": "2.0"}
    if kind == 0:
        body["notificationType"] = "TEST"
        body["data"] = {"bundleId": BUNDLE_ID, "environment": _environment}
    elif kind == 1:
        transaction_id = str(rng.randrange(2_000_000_000_000_000, 2_999_999_999_999_999))
        app_transaction_id = str(rng.randrange(700_000_000_000_000_000, 799_999_999_999_999_999))
        product = BUNDLE_ID + ".monthly"
        transaction = {
            "transactionId": transaction_id, "originalTransactionId": transaction_id,
            "webOrderLineItemId": str(rng.randrange(2_000_000_000_000_000, 2_999_999_999_999_999)),
            "bundleId": BUNDLE_ID, "productId": product, "subscriptionGroupIdentifier": "21000000",
            "purchaseDate": now_ms, "originalPurchaseDate": now_ms, "expiresDate": now_ms + 30 * 86_400_000,
            "quantity": 1, "type": "Auto-Renewable Subscription", "inAppOwnershipType": "PURCHASED",
            "signedDate": now_ms, "environment": _environment, "transactionReason": "PURCHASE",
            "storefront": "USA", "storefrontId": "143441", "price": 4990, "currency": "USD",
            "appTransactionId": app_transaction_id,
        }
        renewal = {
            "originalTransactionId": transaction_id, "autoRenewProductId": product, "productId": product,
            "autoRenewStatus": 1, "signedDate": now_ms, "environment": _environment,
            "recentSubscriptionStartDate": now_ms, "renewalDate": now_ms + 30 * 86_400_000,
            "currency": "USD", "renewalPrice": 4990, "appTransactionId": app_transaction_id,
        }
        body["notificationType"] = "SUBSCRIBED"
        body["subtype"] = "INITIAL_BUY"
        body["data"] = {
            "bundleId": BUNDLE_ID, "bundleVersion": "1", "environment": _environment, "status": 1,
            "signedTransactionInfo": sign(transaction), "signedRenewalInfo": sign(renewal),
        }
    else:
        app_transaction = {
            "receiptType": _environment, "bundleId": BUNDLE_ID, "applicationVersion": "1",
            "receiptCreationDate": now_ms, "originalPurchaseDate": now_ms - 86_400_000,
            "originalApplicationVersion": "1",
            "deviceVerification": base64.b64encode(rng.randbytes(48)).decode("ascii"),
            "deviceVerificationNonce": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "appTransactionId": str(rng.randrange(700_000_000_000_000_000, 799_999_999_999_999_999)),
            "originalPlatform": "iOS",
        }
        body["notificationType"] = "RESCIND_CONSENT"
        body["appData"] = {
            "bundleId": BUNDLE_ID, "environment": _environment,
            "signedAppTransactionInfo": sign(app_transaction),
        }
    return body


def make_chunk(bounds) -> bytes:
    start, stop, seed, now_ms = bounds
    rng = random.Random(seed)
    lines = [dumps({"signedPayload": sign(notification(i, rng, now_ms))}) for i in range(start, stop)]
    return b"\n".join(lines) + b"\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ca", required=True, help="the CA directory of agekit serve (DATA_DIR/ca)")
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--mix", default=",".join(TYPES), help="types to cycle through, comma-separated")
    parser.add_argument("--environment", default="Sandbox")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=None, help="for reproducible UUIDs (default: random)")
    options = parser.parse_args()

    mix = [kind.strip() for kind in options.mix.split(",") if kind.strip()]
    unknown = [kind for kind in mix if kind not in TYPES]
    if unknown or not mix:
        parser.error(f"--mix takes {', '.join(TYPES)}")
    started = time.monotonic()
    seed = options.seed if options.seed is not None else random.SystemRandom().getrandbits(64)
    now_ms = int(time.time() * 1000)
    chunk = 2000
    bounds = [(start, min(start + chunk, options.count), f"{seed}:{start}", now_ms)
              for start in range(0, options.count, chunk)]
    with open(options.out, "wb") as out:
        if options.jobs <= 1:
            init_worker(options.ca, options.environment, mix)
            for part in map(make_chunk, bounds):
                out.write(part)
        else:
            with multiprocessing.Pool(options.jobs, initializer=init_worker,
                                      initargs=(options.ca, options.environment, mix)) as pool:
                for part in pool.imap(make_chunk, bounds):
                    out.write(part)
    elapsed = time.monotonic() - started
    size = os.path.getsize(options.out)
    print(f"wrote {options.count} signed notifications ({size / options.count:.0f} bytes each on average) "
          f"in {elapsed:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
