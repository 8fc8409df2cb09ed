import BookingHTTPServer
import Foundation

/// The sandbox's server-rendered pages: one escaping function that every
/// printed value goes through, and one page frame (inline CSS, no script,
/// no outside assets).
enum HTML {
    /// `text` safe inside an element or a quoted attribute: `& < > " '`
    /// become character references.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            if let reference = references[character] {
                escaped += reference
            } else {
                escaped.append(character)
            }
        }
        return escaped
    }

    /// The character reference of each character `escape` replaces.
    private static let references: [Character: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]

    /// A whole page: `title` is escaped here; `body` is markup the caller
    /// built with `escape`.
    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 64rem; padding: 0 1rem; color: #1d2330; }
        h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
        table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
        th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #dde2ea; font-size: .9rem; }
        th { background: #f3f5f9; } code { font-size: .85rem; }
        .card { border: 1px solid #dde2ea; border-radius: 8px; padding: 1.5rem; max-width: 28rem; margin: 2rem auto; }
        .amount { font-size: 1.8rem; font-weight: 600; margin: .5rem 0; }
        .muted { color: #5f6b7d; }
        button { font: inherit; padding: .6rem 1.4rem; border-radius: 6px; border: 1px solid #1d4ed8; cursor: pointer; margin-right: .5rem; }
        .pass { background: #1d4ed8; color: #fff; } .fail { background: #fff; color: #b91c1c; border-color: #b91c1c; }
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// A page response. No script may run, nothing outside loads, no site
    /// may frame it, and it is never cached.
    static func response(status: Int, title: String, body: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                "Content-Type": "text/html; charset=utf-8",
                "Content-Security-Policy":
                    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
                "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
                "Referrer-Policy": "same-origin",
            ],
            body: Data(page(title: title, body: body).utf8))
    }

    /// A short page saying what went wrong (`message` is escaped here).
    static func errorPage(status: Int, title: String, message: String) -> HTTPResponse {
        response(
            status: status, title: title,
            body: "<div class=\"card\"><h1>\(escape(title))</h1><p>\(escape(message))</p>"
                + "<p><a href=\"/\">Sandbox dashboard</a></p></div>")
    }
}
