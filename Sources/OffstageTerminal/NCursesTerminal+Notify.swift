import Foundation
import Glibc
import OffstageUI

extension NCursesTerminal {
    /// Sends a desktop notification and rings the bell: OSC 9 in iTerm2 and Windows Terminal, OSC 777 (`notify`,
    /// as rxvt, foot, WezTerm, kitty and VTE terminals take it) elsewhere. The text is the dashboard's own line with
    /// server text already escaped; anything that could end or split the sequence is dropped here as well.
    public func notify(_ text: String) {
        guard isOpen else { return }
        fputs(Self.notification(text, environment: ProcessInfo.processInfo.environment), outputFile)
        fflush(outputFile)
    }

    /// The bytes of a notification for a terminal described by `environment` (`TERM_PROGRAM`, `WT_SESSION`).
    static func notification(_ text: String, environment: [String: String]) -> String {
        var body = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(TransferNotice.maximumLength) {
            let value = scalar.value
            guard value >= 0x20, value != 0x7F, !(0x80...0x9F).contains(value) else { continue }
            body.append(scalar == ";" ? "," : scalar)
        }
        let osc9 = environment["TERM_PROGRAM"] == "iTerm.app" || environment["WT_SESSION"] != nil
        let sequence = osc9 ? "\u{1B}]9;\(String(body))\u{1B}\\" : "\u{1B}]777;notify;Offstage;\(String(body))\u{1B}\\"
        return sequence + "\u{07}"
    }
}
