// The one place BookingCore touches the operating system: the boot id and
// the time since boot (counting sleep), for `SavedHoldAnchor`. Nothing in
// the flow calls this; the runner does, and passes the readings in.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The current boot's id and the time since boot, counting device sleep.
/// A saved hold anchor is only comparable with a reading from the same boot.
package enum BootClock {
    /// One reading: which boot, and how long since it started.
    package struct Reading: Hashable, Sendable {
        /// The boot's id.
        package let bootID: String
        /// Time since boot, counting sleep.
        package let sinceBoot: Duration

        /// A reading (a test's, standing for a boot of its choice), or `nil`
        /// when `bootID` is not usable (see `isUsable(bootID:)`) or `sinceBoot`
        /// is negative: such a reading could not anchor a saved hold.
        package init?(bootID: String, sinceBoot: Duration) {
            guard Self.isUsable(bootID: bootID), sinceBoot >= .zero else { return nil }
            self.bootID = bootID
            self.sinceBoot = sinceBoot
        }

        /// Whether `bootID` can name a boot in a saved hold anchor: not
        /// empty, printable ASCII without spaces, and no `;` (the anchor's
        /// separator). The one rule for a boot id, here and in `SavedHoldAnchor`.
        package static func isUsable(bootID: String) -> Bool {
            !bootID.isEmpty && bootID.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") }
        }
    }

    /// The current reading, or `nil` when the platform cannot tell (then a
    /// saved hold is read again from the server).
    package static func current() -> Reading? {
        guard let id = bootID(), let since = sinceBoot() else { return nil }
        return Reading(bootID: id, sinceBoot: since)
    }

    /// The current boot's id: on Linux `/proc/sys/kernel/random/boot_id`, on
    /// Apple platforms the `kern.bootsessionuuid` sysctl.
    package static func bootID() -> String? {
        #if canImport(Darwin)
        var size = 0
        guard sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0) == 0, size > 1, size <= 128 else { return nil }
        var buffer = [CChar](repeating: 0, count: size)
        guard sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0) == 0 else { return nil }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return cleaned(String(decoding: bytes, as: UTF8.self))
        #elseif canImport(Glibc) || canImport(Musl)
        let descriptor = open("/proc/sys/kernel/random/boot_id", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return cleaned(String(decoding: buffer[0..<count], as: UTF8.self))
        #else
        return nil
        #endif
    }

    /// Time since boot, counting sleep: `CLOCK_BOOTTIME` on Linux,
    /// `mach_continuous_time` on Apple platforms.
    package static func sinceBoot() -> Duration? {
        #if canImport(Darwin)
        var timebase = mach_timebase_info_data_t()
        guard mach_timebase_info(&timebase) == KERN_SUCCESS, timebase.denom != 0 else { return nil }
        let ticks = mach_continuous_time()
        let (product, overflow) = ticks.multipliedReportingOverflow(by: UInt64(timebase.numer))
        guard !overflow else { return nil }
        let nanoseconds = product / UInt64(timebase.denom)
        guard nanoseconds <= UInt64(Int64.max) else { return nil }
        return .nanoseconds(Int64(nanoseconds))
        #elseif canImport(Glibc) || canImport(Musl)
        var spec = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &spec) == 0 else { return nil }
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
        #else
        return nil
        #endif
    }

    /// Trims the trailing newline; `nil` unless what is left is a usable id.
    private static func cleaned(_ text: String) -> String? {
        let trimmed = String(text.unicodeScalars.filter { $0 != "\n" && $0 != "\r" && $0 != " " })
        return Reading.isUsable(bootID: trimmed) ? trimmed : nil
    }
}
