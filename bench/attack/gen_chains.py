#!/usr/bin/env python3
"""Chains for the budget phases of bench/attack.sh, made from the server's local CA directory.

  rotate CA OUT          a CA directory in OUT like CA with a new genuine leaf: what Apple's
                         rotation of its signing certificate looks like (the intermediate
                         signs a new key)
  leaves CA N FILE       N request bodies, each signed by a never-seen forged leaf sent under
                         CA's own intermediate and root (the leaf is not signed by that
                         intermediate's key)
  intermediates CA N FILE
                         N request bodies, each under a never-seen forged intermediate that
                         names CA's root as its issuer (not signed by the root's key)

Forged certificates copy the genuine ones' names and extensions, so they pass every check
but the signature, which costs the server a verification.
"""

import base64
import datetime
import json
import os
import shutil
import sys
import uuid

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def der64(cert) -> str:
    return base64.b64encode(cert.public_bytes(serialization.Encoding.DER)).decode("ascii")


def read(directory, name):
    with open(os.path.join(directory, name), "rb") as handle:
        return handle.read()


def load(directory):
    cert = lambda name: x509.load_pem_x509_certificate(read(directory, name))
    key = lambda name: serialization.load_pem_private_key(read(directory, name), password=None)
    return cert("leaf.pem"), cert("intermediate.pem"), cert("root.pem"), key("intermediate-key.pem")


def reissue(template, public_key, signing_key, serial, keep_key_id=False):
    """`template` with another key and serial, signed by `signing_key`; with `keep_key_id`
    its subject key identifier stays the template's, so the leaves under the template still
    name it as their issuer."""
    builder = (
        x509.CertificateBuilder()
        .subject_name(template.subject)
        .issuer_name(template.issuer)
        .public_key(public_key)
        .serial_number(serial)
        .not_valid_before(datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=1))
        .not_valid_after(datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=30))
    )
    for extension in template.extensions:
        value = extension.value
        if isinstance(value, x509.SubjectKeyIdentifier) and not keep_key_id:
            value = x509.SubjectKeyIdentifier.from_public_key(public_key)
        # The authority key identifier stays the issuer's: a forgery names the genuine issuer.
        builder = builder.add_extension(value, extension.critical)
    return builder.sign(signing_key, hashes.SHA256())


def body(x5c, key) -> bytes:
    header = b64url(json.dumps({"alg": "ES256", "x5c": x5c}, separators=(",", ":")).encode())
    payload = {
        "notificationType": "RESCIND_CONSENT", "notificationUUID": str(uuid.uuid4()), "version": "2.0",
        "signedDate": int(datetime.datetime.now().timestamp() * 1000),
        "appData": {"bundleId": "com.example.agekit", "environment": "LocalTesting"},
    }
    signing_input = header + "." + b64url(json.dumps(payload, separators=(",", ":")).encode())
    r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    jws = signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))
    return json.dumps({"signedPayload": jws}, separators=(",", ":")).encode()


def main(argv) -> int:
    if len(argv) == 3 and argv[0] == "rotate":
        leaf, _, _, intermediate_key = load(argv[1])
        shutil.copytree(argv[1], argv[2])
        key = ec.generate_private_key(ec.SECP256R1())
        rotated = reissue(leaf, key.public_key(), intermediate_key, x509.random_serial_number())
        with open(os.path.join(argv[2], "leaf.pem"), "wb") as out:
            out.write(rotated.public_bytes(serialization.Encoding.PEM))
        with open(os.path.join(argv[2], "leaf-key.pem"), "wb") as out:
            out.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                        serialization.NoEncryption()))
        return 0
    if len(argv) == 4 and argv[0] in ("leaves", "intermediates"):
        leaf, intermediate, root, _ = load(argv[1])
        forger = ec.generate_private_key(ec.SECP256R1())
        leaf_key = ec.generate_private_key(ec.SECP256R1())
        with open(argv[3], "wb") as out:
            for serial in range(1, int(argv[2]) + 1):
                if argv[0] == "leaves":
                    x5c = [der64(reissue(leaf, leaf_key.public_key(), forger, serial)), der64(intermediate), der64(root)]
                else:
                    forged = reissue(intermediate, forger.public_key(), forger, serial, keep_key_id=True)
                    x5c = [der64(leaf), der64(forged), der64(root)]
                out.write(body(x5c, leaf_key) + b"\n")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
