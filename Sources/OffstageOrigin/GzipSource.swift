import CZlib
import Foundation

/// Another source's bytes gzip-encoded (`Content-Encoding: gzip`), compressed once into memory: for `gzip=1` (when
/// the request accepts gzip) and `gzip=always` (whatever it accepts, as a misconfigured server does).
struct GzipSource: ContentSource {
    /// The most bytes of content it encodes (larger sources are served as they are).
    static let maximumInput: Int64 = 64 << 20

    private let encoded: [UInt8]
    let etag: String
    let modified: Int

    /// The gzip encoding of `source`; nil when it is too large or zlib fails.
    init?(_ source: any ContentSource) {
        guard source.size <= Self.maximumInput, let bytes = Self.gzip(source) else { return nil }
        encoded = bytes
        // Another representation of the same resource: another strong validator, as servers give it.
        etag = String(source.etag.dropLast()) + "-gzip\""
        modified = source.modified
    }

    var size: Int64 { Int64(encoded.count) }
    var contentEncoding: String? { "gzip" }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int {
        guard offset < size else { return 0 }
        let count = Int(min(Int64(buffer.count), size - offset))
        encoded.withUnsafeBytes { bytes in
            buffer.baseAddress?.copyMemory(from: bytes.baseAddress.unsafelyUnwrapped + Int(offset), byteCount: count)
        }
        return count
    }

    /// Whether a request's `Accept-Encoding` accepts gzip (a `gzip` or `*` coding not given `q=0`).
    static func accepted(by header: String?) -> Bool {
        guard let header else { return false }
        return header.lowercased().split(separator: ",").contains { part in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let coding = pieces.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else {
                return false
            }
            let refused = pieces.dropFirst().contains { parameter in
                parameter.hasPrefix("q=") && Double(parameter.dropFirst(2)) == 0
            }
            return !refused
        }
    }

    /// The whole of `source`, gzip-compressed (level 6).
    private static func gzip(_ source: any ContentSource) -> [UInt8]? {
        var input = [UInt8](repeating: 0, count: Int(source.size))
        var filled = 0
        input.withUnsafeMutableBytes { buffer in
            while filled < buffer.count {
                let got = source.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), at: Int64(filled))
                if got <= 0 { break }
                filled += got
            }
        }
        guard filled == input.count else { return nil }
        var stream = z_stream()
        guard offstage_deflate_init_gzip(&stream, 6) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 64)
        let status = input.withUnsafeMutableBytes { inBytes in
            output.withUnsafeMutableBytes { outBytes in
                stream.next_in = inBytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(inBytes.count)
                stream.next_out = outBytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(outBytes.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
