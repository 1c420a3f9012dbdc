import AppStoreSignedData
import ConsentServer
import Foundation

/// Options and input handling shared by `verify`, `simulate` and `bench verify`.
enum SignedDataOptions {
    /// Where `agekit simulate` keeps its local test CA, and `agekit serve` creates one on first run.
    static let defaultCADirectory = "./agekit-data/ca"
    static let defaultBundleId = "com.example.agekit"

    static func readFile(_ path: String) throws(CLIError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .failure(code: "unreadable_file", message: "cannot read \(path): \(FileProblem.reason(error))")
        }
    }

    static func environment(_ text: String) throws(CLIError) -> Environment {
        guard let environment = Environment.parse(text) else {
            let known = Environment.documented.map(\.rawValue).joined(separator: ", ")
            throw .usage("--environment: '\(text)' is not one of \(known)")
        }
        return environment
    }

    /// The anchors from `--root FILE`...; without any, the local test CA's root in `caDirectory`.
    static func anchors(roots: [String], caDirectory: String) throws(CLIError) -> [TrustAnchor] {
        if roots.isEmpty {
            let path = caDirectory + "/root.pem"
            guard FileManager.default.fileExists(atPath: path) else {
                throw .usage(
                    "no trust anchor: pass --root FILE (for App Store data, Apple Root CA - G3), "
                        + "or create a local test CA with 'agekit simulate ca'")
            }
            return [try anchor(path)]
        }
        var anchors: [TrustAnchor] = []
        for path in roots {
            anchors.append(try anchor(path))
        }
        return anchors
    }

    private static func anchor(_ path: String) throws(CLIError) -> TrustAnchor {
        do {
            return try TrustAnchor(derOrPEM: try readFile(path))
        } catch let error as VerificationError {
            throw .failure(code: error.code.rawValue, message: "\(path): \(error.reason)")
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure(code: "unreadable_file", message: "\(path): \(FileProblem.reason(error))")
        }
    }

    /// The JWS in `text`: a bare compact JWS, or Apple's `{"signedPayload": "..."}` body.
    static func jws(from bytes: [UInt8]) throws(CLIError) -> String {
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("{") else { return text }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let signed = object["signedPayload"] as? String
        else {
            throw .failure(code: "malformed_jws", message: "the input is JSON without a signedPayload string")
        }
        return signed
    }

    static func loadOrCreateCA(_ directory: String) throws(CLIError) -> LocalCertificateAuthority {
        do {
            return try LocalCertificateAuthority.loadOrCreate(directory: directory)
        } catch {
            throw .failure(code: "local_ca_unavailable", message: error.reason)
        }
    }

    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
