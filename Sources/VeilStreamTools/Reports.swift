import Foundation
import VeilCore

/// JUnit XML for CI: one `<testsuite>` per folder of cases, one `<testcase>` per case; a stream
/// that differs is a `<failure>` (its message the summary, its text the difference in words), a
/// case that cannot run is an `<error>`.
public enum JUnitReport {
    public static func xml(_ results: [CaseResult], seconds: Double) -> String {
        var suites: [(String, [CaseResult])] = []
        for result in results {
            let folder = (result.testCase.name as NSString).deletingLastPathComponent
            let suite = folder.isEmpty ? "." : folder
            if let i = suites.firstIndex(where: { $0.0 == suite }) {
                suites[i].1.append(result)
            } else {
                suites.append((suite, [result]))
            }
        }
        func count(_ rs: [CaseResult], _ status: CaseResult.Status) -> Int { rs.filter { $0.status == status }.count }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"veil test\" tests=\"\(results.count)\" failures=\"\(count(results, .failed))\" errors=\"\(count(results, .error))\" time=\"\(time(seconds))\">\n"
        for (suite, rs) in suites {
            let total = rs.reduce(0) { $0 + $1.seconds }
            out += "  <testsuite name=\"\(escape(suite))\" tests=\"\(rs.count)\" failures=\"\(count(rs, .failed))\" errors=\"\(count(rs, .error))\" skipped=\"0\" time=\"\(time(total))\">\n"
            for r in rs {
                let name = (r.testCase.name as NSString).lastPathComponent
                out += "    <testcase classname=\"\(escape(suite))\" name=\"\(escape(name))\" file=\"\(escape(r.testCase.scene))\" time=\"\(time(r.seconds))\""
                switch r.status {
                case .failed, .error:
                    let tag = r.status == .failed ? "failure" : "error"
                    let type = r.status == .failed ? "stream mismatch" : "case error"
                    out += ">\n      <\(tag) message=\"\(escape(r.summary))\" type=\"\(type)\">"
                    out += escape(([r.summary] + r.details).joined(separator: "\n"))
                    out += "</\(tag)>\n    </testcase>\n"
                case .recorded, .updated:
                    out += ">\n      <system-out>\(escape(r.status.rawValue + ": " + r.summary))</system-out>\n    </testcase>\n"
                case .passed:
                    out += "/>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func time(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// Escapes XML specials; characters XML 1.0 cannot hold become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": out += "&#13;"
            case _ where scalar.value < 0x20 || (0xFFFE ... 0xFFFF).contains(scalar.value):
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The expected and the actual frame side by side in one SVG (each drawn by the core's SVGExport),
/// with a caption over each.
public enum SideBySideSVG {
    public static func svg(expected: Frame?, actual: Frame?, caption: String) -> [UInt8] {
        let gap = 24.0, top = 40.0
        let frames = [("expected", expected, "e"), ("got", actual, "a")]
        var x = 0.0
        var body = ""
        var height = 0.0
        for (label, frame, prefix) in frames {
            let w = frame.map { Fixed.points($0.width) } ?? 200
            let h = frame.map { Fixed.points($0.height) } ?? 100
            body += "<text x=\"\(number(x))\" y=\"\(number(top - 12))\" font-family=\"Inter, sans-serif\" font-size=\"14\">\(JUnitReport.escape(label))</text>\n"
            if let frame {
                var inner = String(decoding: SVGExport.svg(frame), as: UTF8.self)
                inner = inner.replacingOccurrences(of: "id=\"", with: "id=\"\(prefix)-")
                    .replacingOccurrences(of: "url(#", with: "url(#\(prefix)-")
                inner = inner.replacingOccurrences(of: "<svg ", with: "<svg x=\"\(number(x))\" y=\"\(number(top))\" ")
                body += inner
            } else {
                body += "<text x=\"\(number(x))\" y=\"\(number(top + 20))\" font-family=\"Inter, sans-serif\" font-size=\"12\">no frame</text>\n"
            }
            body += "<rect x=\"\(number(x))\" y=\"\(number(top))\" width=\"\(number(w))\" height=\"\(number(h))\" fill=\"none\" stroke=\"#888\" stroke-width=\"1\"/>\n"
            x += w + gap
            height = max(height, h)
        }
        let width = x - gap
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height + top))\" viewBox=\"0 0 \(number(width)) \(number(height + top))\">\n"
        out += "<title>\(JUnitReport.escape(caption))</title>\n"
        out += body + "</svg>\n"
        return Array(out.utf8)
    }

    static func number(_ v: Double) -> String { Words.decimal(Int64((v * 1000).rounded()), 1000) }
}
