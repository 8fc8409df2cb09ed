import BookingCommandLine
import BookingCore

/// The lead guest for `booking pay`: from `--guest-name`, `--guest-email`
/// and the optional `--guest-phone`, `--guest-request`, `--guest-arrival`;
/// on a terminal, the name and email not given are asked for. Checked by
/// the library's one rule (`GuestDetails.problem`) before anything is
/// opened, saved or sent: a problem, or no name and email with no one to
/// ask, is a usage error (exit code 2) naming the option.
struct GuestInput {
    static let name: TypedOption<String?> = .optional(
        "--guest-name", .text, value: "NAME", help: "the lead guest's full name, as the hotel expects it at the desk")
    static let email: TypedOption<String?> = .optional(
        "--guest-email", .text, value: "EMAIL", help: "the lead guest's email, where the confirmation goes")
    static let phone: TypedOption<String?> = .optional(
        "--guest-phone", .text, value: "PHONE", help: "the lead guest's phone, e.g. +351 912 345 678 (optional)")
    static let request: TypedOption<String?> = .optional(
        "--guest-request", .text, value: "TEXT", help: "a request for the hotel, e.g. a quiet room (optional)")
    static let arrival: TypedOption<String?> = .optional(
        "--guest-arrival", .text, value: "HH:MM", help: "the expected arrival, in the hotel's time (optional)")

    /// The options, for the command's spec.
    static let specs = [name.spec, email.spec, phone.spec, request.spec, arrival.spec]

    /// The option that carries each of the contract's fields.
    private static let options = [
        "name": "--guest-name", "email": "--guest-email", "phone": "--guest-phone",
        "specialRequest": "--guest-request", "arrivalTime": "--guest-arrival",
    ]

    let name: String?
    let email: String?
    let phone: String?
    let request: String?
    let arrival: String?

    /// The options as given to `command`; details given in full are
    /// checked now, before anything is opened.
    init(_ input: CommandInput, command: String) throws(UsageError) {
        name = try input(Self.name)
        email = try input(Self.email)
        phone = try input(Self.phone)
        request = try input(Self.request)
        arrival = try input(Self.arrival)
        if name != nil && email != nil {
            _ = try details(command: command, console: Console(isTerminal: false, usesColour: false), canAsk: false)
        }
    }

    /// The details to pay with: the options, with the name and email asked
    /// on `console` when missing and a person can answer (not with `--json`).
    ///
    /// - Throws: `UsageError` naming the option that is missing or wrong.
    func details(command: String, console: Console, canAsk: Bool) throws(UsageError) -> GuestDetails {
        let ask = canAsk && console.canAsk
        guard let name = name ?? (ask ? console.ask("Lead guest's full name:") : nil) else {
            throw .missingOption(command: command, option: "--guest-name NAME (the lead guest)")
        }
        guard let email = email ?? (ask ? console.ask("Lead guest's email:") : nil) else {
            throw .missingOption(command: command, option: "--guest-email EMAIL (the lead guest)")
        }
        let guest = GuestDetails(
            name: name, email: email, phone: phone, specialRequest: request, arrivalTime: arrival)
        if let problem = guest.problem {
            let value: String? =
                switch problem.field {
                case "name": name
                case "email": email
                case "phone": phone
                case "specialRequest": request
                default: arrival
                }
            throw .invalidValue(
                option: Self.options[problem.field] ?? problem.field, value: value ?? "", reason: problem.message)
        }
        return guest.trimmed
    }
}
