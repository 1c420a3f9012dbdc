internal import CMicroHTTPD

/// libmicrohttpd's access handler. Sequence per request: a first call with headers only
/// (create the context), calls with body chunks, a final call with no data (hand the request
/// to the responder), and after a suspension one more call to queue the late reply.
let mhdAccessHandler: MHD_AccessHandlerCallback = {
    hubPointer, connection, url, method, version, uploadData, uploadDataSize, requestPointer in
    guard let hubPointer, let connection, let uploadDataSize, let requestPointer else { return .NO }
    let hub = Unmanaged<ConnectionHub>.fromOpaque(hubPointer).takeUnretainedValue()
    guard let existing = requestPointer.pointee else {
        let context = MHDRequestHandling.begin(hub: hub, connection: connection, url: url, method: method)
        // Ownership: one retain travels in req_cls until the completion callback releases it.
        requestPointer.pointee = Unmanaged.passRetained(context).toOpaque()
        let protocolVersion = version.map { String(cString: $0) } ?? ""
        return MHDRequestHandling.afterHeaders(context, version: protocolVersion, hub: hub, connection: connection)
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    if uploadDataSize.pointee > 0 {
        if hub.watch.isEnabled { hub.watch.received(connection, bytes: uploadDataSize.pointee) }
        let chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee)
        uploadDataSize.pointee = 0
        return MHDRequestHandling.append(chunk, to: context, hub: hub)
    }
    return MHDRequestHandling.uploadComplete(context, hub: hub, connection: connection)
}

/// At accept: an address outside `allowedSources` is closed, and so is one among those
/// holding the most connections when every slot is taken (``ConnectionWatch/admits(_:)``).
let mhdAcceptPolicy: MHD_AcceptPolicyCallback = { hubPointer, address, _ in
    guard let hubPointer, let address else { return .NO }
    let hub = Unmanaged<ConnectionHub>.fromOpaque(hubPointer).takeUnretainedValue()
    let client = SourcePolicy.clientBytes(Platform.addressBytes(of: address))
    guard hub.sources.accepts(client) else {
        hub.refused(RefusedRequest(code: "source_not_allowed"))
        return .NO
    }
    guard let client, !hub.sources.isTrustedProxy(client) else { return .YES }
    if let slots = hub.slots, !slots.hasRoom(client) {
        hub.refused(RefusedRequest(code: "too_many_connections"))
        return .NO
    }
    if hub.watch.isEnabled, !hub.watch.admits(client) { return .NO }
    return .YES
}

/// A connection opened or closed: its deadlines start or end. Each connection of a trusted
/// proxy counts as a source of its own: they carry many clients.
let mhdConnectionNotified: MHD_NotifyConnectionCallback = { hubPointer, connection, _, event in
    guard let hubPointer, let connection else { return }
    let hub = Unmanaged<ConnectionHub>.fromOpaque(hubPointer).takeUnretainedValue()
    guard hub.watch.isEnabled || hub.slots != nil else { return }
    let key = UInt(bitPattern: Int(bitPattern: connection))
    if event == .CONNECTION_NOTIFY_STARTED {
        let client = SourcePolicy.clientBytes(
            agekit_mhd_client_address(connection).flatMap { Platform.addressBytes(of: $0) })
        let address = client.flatMap { hub.sources.isTrustedProxy($0) ? nil : $0 }
        let socket = agekit_mhd_connection_fd(connection)
        // Accepted together past the limit (the accept check reads, this takes): shut down.
        if let slots = hub.slots, let address, !slots.take(address, connection: key) {
            hub.refused(RefusedRequest(code: "too_many_connections"))
            Platform.shutDown(socket: socket)
        }
        if hub.watch.isEnabled { hub.watch.started(connection, socket: socket, address: address) }
    } else {
        hub.slots?.closed(key)
        if hub.watch.isEnabled { hub.watch.closed(connection) }
    }
}

/// Called once per request presented to the access handler, whatever its end.
let mhdRequestCompleted: MHD_RequestCompletedCallback = { hubPointer, connection, requestPointer, _ in
    if let hubPointer, let connection {
        let hub = Unmanaged<ConnectionHub>.fromOpaque(hubPointer).takeUnretainedValue()
        if hub.watch.isEnabled { hub.watch.completed(connection) }
    }
    guard let hubPointer, let requestPointer, let raw = requestPointer.pointee else { return }
    requestPointer.pointee = nil
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
    context.slot.finish()
    if let held = context.heldSlot {
        Unmanaged<ConnectionHub>.fromOpaque(hubPointer).takeUnretainedValue().slots?.give(held)
    }
    guard context.counted else { return }
    let hub = Unmanaged<ConnectionHub>.fromOpaque(hubPointer).takeUnretainedValue()
    hub.inFlight.subtract(1, ordering: .releasing)
}

enum MHDRequestHandling {
    /// Clients that keep sending after the limit are cut off past this many dropped bytes.
    static let discardAllowance = 1 << 20
    /// A body declared larger than this (Apple's notifications are a few KB) is shown to the
    /// responder as it arrives, first at 4 KB, then at each doubling: one its first bytes
    /// already refuse (a JSON bomb beside the payload) is cut there, its connection closed
    /// without an answer, instead of being read to its end for a 400 (libmicrohttpd 0.9.75
    /// answers only once the upload is complete). Smaller bodies are read whole and refused
    /// with their code.
    static let earlyCheckBytes = 1 << 16

    static func begin(
        hub: ConnectionHub, connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?
    ) -> RequestContext {
        let slot = ReplySlot(connection: MHDConnectionHandle(raw: connection), parking: hub.parked)
        let context = RequestContext(
            method: method.map { String(cString: $0) } ?? "",
            path: url.map { String(cString: $0) } ?? "/", slot: slot)
        if agekit_mhd_request_line_is_whole(connection, url) == 0 { context.head.urlCut() }
        if agekit_mhd_header_lines_are_whole(connection, url) == 0 { context.head.linesFoldedOrDropped() }
        if let address = agekit_mhd_client_address(connection),
            let bytes = SourcePolicy.clientBytes(Platform.addressBytes(of: address))
        {
            context.request.clientAddress = bytes
        }
        let kinds = MHD_ValueKind.HEADER_KIND.rawValue | MHD_ValueKind.GET_ARGUMENT_KIND.rawValue
        _ = agekit_mhd_get_values(connection, kinds, collectValue, Unmanaged.passUnretained(context).toOpaque())
        return context
    }

    /// Refuses a declared oversized body. A body within the discard allowance is read and
    /// dropped first, so that a client still sending it reads the 413 instead of a broken
    /// pipe; a larger one is refused before reading a byte of it.
    static func afterHeaders(
        _ context: RequestContext, version: String, hub: ConnectionHub, connection: OpaquePointer
    ) -> MHD_Result {
        if hub.watch.isEnabled {
            hub.watch.headReceived(connection, declared: context.request.headers["content-length"].flatMap { Int($0) })
        }
        if let refusal = context.head.refusal(version: version) ?? RequestFraming.refusal(context.request.headers)
            ?? forwardedRefusal(context, hub)
        {
            context.phase = .answered
            return refuse(refusal, context, on: connection, hub: hub)
        }
        // In flight from its head on, so that a stop waits for a body still arriving. Counted
        // before the check, and the stop sets the flag before it reads the count: either this
        // request sees the stop (and is answered 503 at once), or the stop waits for it.
        hub.inFlight.add(1, ordering: .sequentiallyConsistent)
        context.counted = true
        if hub.draining.load(ordering: .sequentiallyConsistent) {
            context.phase = .answered
            return queue(ConnectionHub.shuttingDown, on: connection, hub: hub)
        }
        guard let declared = context.request.headers["content-length"].flatMap({ Int($0) }) else {
            context.nextBodyCheck = earlyCheckBytes  // chunked: its size is known as it comes
            return .YES
        }
        if declared > earlyCheckBytes { context.nextBodyCheck = 4096 }
        if declared > hub.maxBodyBytes {
            if declared - hub.maxBodyBytes <= discardAllowance {
                context.bodyTooLarge = true
                return .YES
            }
            context.phase = .answered
            return refuse(ConnectionHub.bodyTooLarge(limit: hub.maxBodyBytes), context, on: connection, hub: hub)
        }
        if declared > 0 { context.request.body.reserveCapacity(declared) }
        return .YES
    }

    /// A request a trusted proxy forwarded for a client outside `allowedSources`, refused
    /// before its body is read (the decision is ``SourcePolicy/source(peer:forwardedFor:path:)``).
    private static func forwardedRefusal(_ context: RequestContext, _ hub: ConnectionHub) -> TransportRefusal? {
        guard hub.sources.readsForwardedFor else { return nil }
        let verdict = hub.sources.source(
            peer: context.request.clientAddress, forwardedFor: context.request.headers["x-forwarded-for"],
            path: context.request.path)
        switch verdict {
        case .direct:
            return nil
        case .client(let client):
            // The request is the client's, not the proxy's: its budgets and limits are the client's.
            context.request.clientAddress = client
            if let slots = hub.slots {
                guard slots.take(client) else { return ConnectionHub.tooManyConnections(limit: slots.limit) }
                context.heldSlot = client
            }
            return nil
        case .refused(let refusal):
            return TransportRefusal(refusal, close: true)
        }
    }

    static func append(_ chunk: UnsafeRawBufferPointer, to context: RequestContext, hub: ConnectionHub) -> MHD_Result {
        guard context.phase == .reading else { return .YES }
        if context.bodyTooLarge || context.request.body.count + chunk.count > hub.maxBodyBytes {
            // A queued response is only accepted once the upload ends: drop the rest until then.
            context.bodyTooLarge = true
            context.request.body = []
            context.discardedBytes += chunk.count
            return context.discardedBytes > discardAllowance ? .NO : .YES
        }
        context.request.body.append(contentsOf: chunk)
        guard context.request.body.count >= context.nextBodyCheck else { return .YES }
        context.nextBodyCheck = context.request.body.count * 2
        guard let (code, _) = hub.responder.refusal(ofBodyPrefix: context.request.body, path: context.request.path)
        else { return .YES }
        hub.refused(
            RefusedRequest(code: code, status: nil, method: context.request.method, path: context.request.path))
        context.request.body = []
        context.phase = .answered
        return .NO
    }

    static func uploadComplete(
        _ context: RequestContext, hub: ConnectionHub, connection: OpaquePointer
    )
        -> MHD_Result
    {
        switch context.phase {
        case .reading:
            if context.bodyTooLarge {
                context.phase = .answered
                return refuse(ConnectionHub.bodyTooLarge(limit: hub.maxBodyBytes), context, on: connection, hub: hub)
            }
            context.phase = .awaitingReply
            if hub.watch.isEnabled { hub.watch.handed(connection) }
            let request = context.request
            context.request.body = []
            let slot = context.slot
            hub.responder.respond(to: request) { response in slot.deliver(response) }
            guard let response = slot.responseOrSuspend() else { return .YES }
            context.phase = .answered
            return queue(response, on: connection, hub: hub)
        case .awaitingReply:
            // Resumed: the reply is there (resume happens only after it is stored).
            guard let response = context.slot.takeResponse() else { return .YES }
            context.phase = .answered
            return queue(response, on: connection, hub: hub)
        case .answered:
            return .YES
        }
    }

    /// Reports the refusal, then queues its answer.
    static func refuse(
        _ refusal: TransportRefusal, _ context: RequestContext, on connection: OpaquePointer, hub: ConnectionHub
    ) -> MHD_Result {
        hub.refused(
            RefusedRequest(
                code: refusal.code, status: refusal.status, method: context.request.method,
                path: context.request.path))
        return queue(refusal.response, on: connection, hub: hub)
    }

    /// Copies the response into libmicrohttpd (MUST_COPY) and queues it.
    static func queue(_ response: HTTPResponse, on connection: OpaquePointer, hub: ConnectionHub) -> MHD_Result {
        let handle = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let handle else { return .NO }
        defer { MHD_destroy_response(handle) }
        for header in response.headers {
            // Refused fields (line breaks, Content-Length) are dropped rather than sent broken.
            _ = MHD_add_response_header(handle, header.name, header.value)
        }
        if hub.draining.load(ordering: .relaxed) {
            _ = MHD_add_response_header(handle, "Connection", "close")
        }
        let status = (100...999).contains(response.status) ? response.status : 500
        return MHD_queue_response(connection, UInt32(status), handle)
    }

    /// Collects one header (name lowercased, repeats joined) or query argument into the context.
    static let collectValue: MHD_KeyValueIteratorN = { contextPointer, kind, key, keySize, value, valueSize in
        guard let contextPointer, let key else { return .YES }
        let context = Unmanaged<RequestContext>.fromOpaque(contextPointer).takeUnretainedValue()
        let keyBytes = UnsafeRawBufferPointer(start: key, count: keySize)
        let valueBytes =
            value.map { UnsafeRawBufferPointer(start: $0, count: valueSize) }
            ?? UnsafeRawBufferPointer(start: nil, count: 0)
        if kind == .HEADER_KIND {
            context.head.field(
                name: keyBytes, value: valueBytes, whole: agekit_mhd_value_is_whole(value, valueSize) != 0)
            let text = String(decoding: valueBytes, as: UTF8.self)
            let name = asciiLowercased(keyBytes)
            if let previous = context.request.headers[name] {
                context.request.headers[name] = previous + ", " + text
            } else {
                context.request.headers[name] = text
            }
        } else {
            // Escapes are kept by the transport (see `MHDDaemon.keepEscapes`): decoded once here.
            let name = (try? PathSegments.percentDecoded(keyBytes)) ?? String(decoding: keyBytes, as: UTF8.self)
            let text = (try? PathSegments.percentDecoded(valueBytes)) ?? String(decoding: valueBytes, as: UTF8.self)
            context.request.query[name] = text
        }
        return .YES
    }

    /// Header names are ASCII tokens: lowercase them in one pass (other bytes pass unchanged).
    static func asciiLowercased(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            }
            return bytes.count
        }
    }
}
