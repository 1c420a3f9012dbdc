"""Peer for `agekit bench verify`: Apple's official Python library on the same vectors.

Runs `SignedDataVerifier` (enable_online_checks=False, the configured root only) on one
thread and prints one JSON object of verifications per CPU-second per payload kind.
"notification" verifies the notification only (what verify_and_decode_notification does);
"notification_with_nested" also verifies its signedTransactionInfo and signedRenewalInfo,
the same work `agekit bench verify` counts as one notification.
"""

import json
import os
import sys
import time

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


def main() -> None:
    directory, seconds = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
    with open(os.path.join(directory, "index.json")) as handle:
        index = json.load(handle)
    roots = [
        open(os.path.join(directory, name), "rb").read()
        for name in sorted(os.listdir(directory))
        if name.endswith((".cer", ".der"))
    ]
    groups: dict[str, list[tuple[str, dict]]] = {}
    for entry in index:
        with open(os.path.join(directory, entry["file"])) as handle:
            groups.setdefault(entry["kind"], []).append((handle.read().strip(), entry))

    environment = Environment(index[0]["environment"])
    bundle_id = next(entry["bundleId"] for entry in index if entry.get("bundleId"))
    verifier = SignedDataVerifier(roots, False, environment, bundle_id, None)

    def notification(jws: str) -> None:
        verifier.verify_and_decode_notification(jws)

    def notification_with_nested(jws: str) -> None:
        decoded = verifier.verify_and_decode_notification(jws)
        if decoded.data and decoded.data.signedTransactionInfo:
            verifier.verify_and_decode_signed_transaction(decoded.data.signedTransactionInfo)
        if decoded.data and decoded.data.signedRenewalInfo:
            verifier.verify_and_decode_renewal_info(decoded.data.signedRenewalInfo)

    work = {
        "notification": ("notification", notification),
        "notification_with_nested": ("notification", notification_with_nested),
        "transaction": ("transaction", verifier.verify_and_decode_signed_transaction),
        "renewal-info": ("renewal-info", verifier.verify_and_decode_renewal_info),
    }
    results = {}
    for name, (kind, verify) in work.items():
        payloads = [jws for jws, _ in groups.get(kind, [])]
        if not payloads:
            continue
        for jws in payloads:  # every vector must verify before it is timed
            verify(jws)
        # Per CPU-second of this thread, like `openssl speed` and `agekit bench verify`.
        count, start = 0, time.thread_time()
        while True:
            for jws in payloads:
                verify(jws)
            count += len(payloads)
            elapsed = time.thread_time() - start
            if elapsed >= seconds:
                break
        results[name] = count / elapsed
    print(json.dumps({"per_s": results}))


if __name__ == "__main__":
    main()
