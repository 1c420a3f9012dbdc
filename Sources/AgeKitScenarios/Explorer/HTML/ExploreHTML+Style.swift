extension ExploreHTML {
    /// The colour of each outcome class, by subsystem, with the words the legend shows.
    package static let categories: [(subsystem: String, classes: [(name: String, colour: String, text: String)])] = [
        (
            "age",
            [
                ("adultConfirmed", "#2e7d32", "known adult, confirmed"),
                ("adult", "#81c784", "known adult, declared"),
                ("minor", "#ffb74d", "known minor"),
                ("declined", "#9575cd", "declined"),
                ("unavailable", "#bdbdbd", "unavailable"),
                ("notAsked", "#eeeeee", "not asked"),
            ]
        ),
        (
            "launch",
            [
                ("tracking", "#64b5f6", "over the threshold, tracking prompt shown"),
                ("over", "#a5d6a7", "over the threshold, no tracking prompt"),
                ("stopped", "#ffab91", "under: the launch stops after the age step"),
            ]
        ),
        (
            "changes",
            [
                ("clear", "#eeeeee", "clear: nothing to ask"),
                ("guardianQuestion", "#ffcc80", "guardian question"),
                ("guardianButton", "#ffe0b2", "guardian question on the app's PermissionButton"),
                ("systemAcknowledgment", "#a5d6a7", "system acknowledgment sheet"),
                ("inAppNotice", "#c5e1a5", "in-app notice"),
                ("blockUntilVerified", "#ef9a9a", "blocked until verified"),
                ("blockWithRetry", "#f48fb1", "blocked, retry offered"),
                ("otherDevice", "#b0bec5", "consent on another device"),
            ]
        ),
    ]

    package static let letters: [String: String] = [
        "age":
            "L asked at launch, F asked on first use of a gated feature, Q the app's own 18-or-older question, - never asked",
        "launch": "T tracking prompt, O over without prompt, S stopped, M stopped with the message",
        "changes":
            "G guardian question, B guardian question on the app's button, A system sheet, N in-app notice, V blocked until verified, R blocked with retry, D other device, - clear",
    ]

    package static var css: String {
        var rules = """
            body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:1.5em;color:#222}
            h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;margin-top:1.6em}
            .meta{color:#555}table{border-collapse:collapse;margin:.4em 0}
            .figures th{text-align:left;font-weight:normal;padding:2px 12px 2px 0}
            .figures td{font-weight:bold;text-align:right;padding:2px 6px}
            tr.bad th,tr.bad td,details.bad summary{color:#c62828;font-weight:bold}
            tr.bad td{background:#ffebee}
            table.m{font:11px/1.2 ui-monospace,monospace}
            table.m th{font-weight:normal;padding:1px 1px;background:#f5f5f5;border:1px solid #ddd}
            table.m tbody th{text-align:left;min-width:12em;max-width:19em;padding:1px 4px}
            .mx{display:flex;gap:12px;align-items:flex-start}.mx>div{flex:none}
            aside.key{font-size:11px;line-height:1.45;width:200px;flex:none;position:sticky;top:8px}
            aside.key .sw{margin-left:0}
            nav.toc{columns:3;font-size:13px;background:#fafafa;border:1px solid #ddd;padding:.5em 1em}
            nav.toc a{text-decoration:none}nav.toc ul{margin:0;padding-left:1.2em}
            table.fv{border-collapse:collapse;font-size:12px}
            table.fv th,table.fv td{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}
            table.fv td.open{background:#c8e6c9}table.fv td.closed{background:#ffcdd2}
            table.fv td.varies{border-left:4px dashed #f9a825}.dev{color:#444;font-size:11px}
            .open-k{background:#c8e6c9}.closed-k{background:#ffcdd2}
            table.m td{border:1px solid #fff;text-align:center;width:1.6em;padding:0}
            table.m td a{display:block;color:#000;text-decoration:none}
            .sw{display:inline-block;width:1em;height:1em;vertical-align:middle;margin:0 4px 0 10px;border:1px solid #999}
            details.trail{margin:2px 0}details.trail summary{cursor:pointer}
            details.trail:target{outline:2px solid #1565c0}
            .trail table td,.trail table th{border:1px solid #ddd;padding:1px 6px;text-align:left;vertical-align:top}
            .diff td,.diff th{border:1px solid #ddd;padding:2px 6px;vertical-align:top;text-align:left}
            .cross{color:#c62828;font-weight:bold}
            """
        for (_, classes) in categories {
            for entry in classes { rules += ".\(entry.name){background:\(entry.colour)}" }
        }
        return rules
    }
}
