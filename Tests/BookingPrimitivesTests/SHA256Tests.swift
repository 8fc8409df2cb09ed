import BookingPrimitives
import Foundation
import TestSupport
import Testing

/// SHA-256 against FIPS 180-4's examples, and against coreutils'
/// `sha256sum` over the lengths where the padding changes (55 to 64 bytes,
/// 119 to 128): a data space's name must be the same digest on every
/// platform, in the library and in the static viewer.
@Suite struct SHA256Tests {
    @Test func theStandardsExamplesHaveTheirDigests() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc".utf8) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func everyPaddingLengthAgreesWithSha256sum() throws {
        guard let tool = ["/usr/bin/sha256sum", "/bin/sha256sum"].first(where: FileManager.default.isExecutableFile)
        else { return }
        // Through a file and a spawned child (no Foundation Process, which
        // crashes in a process with many descriptors open).
        let directory = TemporaryDirectory("sha256")
        for length in Array(54...65) + Array(118...129) {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let file = directory.file("\(length).bin")
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let text = ChildProcess.run(tool, [file]).standardOutput
            #expect(String(text.prefix(64)) == SHA256.hex(bytes), "\(length) bytes")
        }
    }
}
