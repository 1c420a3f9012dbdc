/// A CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) split into its header row
/// and its records. A byte-order mark is dropped and blank lines are skipped.
struct CSVTable {
    let header: [String]
    /// Each record with the line it starts on (the header is line 1).
    let records: [(line: Int, fields: [String])]

    init(_ bytes: [UInt8]) throws(ServerError) {
        var rows: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var line = 1
        var rowLine = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func endRow() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append((rowLine, fields)) }
            fields = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 10 { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where field.isEmpty: quoted = true
            case UInt8(ascii: ","):
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case 13 where index < bytes.count && bytes[index] == 10: continue
            case 10, 13:
                endRow()
                line += 1
                rowLine = line
            default: field.append(byte)
            }
        }
        if quoted { throw ServerError(.invalidImport, "line \(rowLine): a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        guard let first = rows.first else {
            throw ServerError(.invalidImport, "the file is empty: expected a header row, then a row per revocation")
        }
        header = first.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        records = Array(rows.dropFirst())
    }
}
