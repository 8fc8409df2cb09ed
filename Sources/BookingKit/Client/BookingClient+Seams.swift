import BookingAPI

/// Asked at every effect boundary of the flow (the crash hook of the
/// command line's kill tests): `false` stops the runtime there.
package typealias EffectBoundaryHook = EffectRunner.BoundaryHook

extension BookingClient {
    /// What the command line, the simulation and tests set beyond an app's
    /// `Configuration`: the clocks, ids and waits, the flow's event log, the
    /// crash hooks and the repository's tuning. An app never needs it: the
    /// public initializer uses ``live``.
    package struct Seams: Sendable {
        /// The clocks, ids and waits every part of the client reads.
        package var dependencies: Dependencies
        /// How the API client waits between retries; nil for
        /// `dependencies.sleeper` (the simulation tells the two apart).
        package var retrySleeper: (any Sleeper)?
        /// Where the flow's event log is kept (one JSON line per event, for
        /// `booking replay`); nil keeps none.
        package var eventLogPath: String?
        /// Where a run of a cancellation or a change of dates keeps its own
        /// event log, by the flow's name (`cancel`, `modify`): one file per
        /// run, for `booking replay`. Nil: beside the app's flow log when
        /// `Configuration.flowLog` is set, else none.
        package var flowRunLogPath: (@Sendable (_ flow: String) -> String?)? = nil
        /// `booking.sqlite` opened already (the command line's lock check,
        /// `DataDirectoryLockCheck.handOver()`), for the runtime to run on
        /// instead of opening its own; used only when it is the data
        /// space's file.
        package var bookingsConnection: BookingConnection? = nil
        /// The platform's permission to keep running while money or a trip
        /// change is in flight (`Platform.backgroundActivity`: Apple's
        /// expiring activity, nothing on Linux); a test records it.
        package var backgroundActivity: any BackgroundActivity = Platform.backgroundActivity
        /// Whether the device has a network path, as the platform says
        /// (`Platform.networkWatch`: `NWPathMonitor` on Apple platforms,
        /// none on Linux); started at launch.
        package var networkWatch: any NetworkWatch = Platform.networkWatch
        /// Whether `tripUpdates()` may ask the file system about other
        /// processes' writes (false: a test takes the path of a system that
        /// cannot tell, whose timed looks run only while something is open).
        package var watchesFiles = true
        /// Asked at every effect boundary; `false` stops the runtime there,
        /// as a process death would. For crash tests only.
        package var boundaryHook: EffectRunner.BoundaryHook?
        /// Asked at every cancellation boundary, the same way.
        package var cancelBoundaryHook: CancelBoundaryHook?
        /// Asked at every boundary of a change of dates, the same way.
        package var modifyBoundaryHook: ModifyBoundaryHook? = nil
        /// The server's name in the data directory (`DataSpace.server`);
        /// nil names it by its address. The command line's embedded
        /// sandbox, on a new port each run, is `embedded`.
        package var serverSpaceName: String? = nil
        /// Told why an answer was refused as untrustworthy
        /// (`BookingAPIClient.onRefusedAnswer`): the command line says it.
        package var refusedAnswer: (@Sendable (String) -> Void)? = nil
        /// The most reconciliation requests in flight at once.
        package var reconcileConcurrency: Int
        /// Takes every step of the flow and starts its effects itself
        /// (`FlowStore.handSteps(to:)`); nil: the flow starts them. For the
        /// simulation, which runs them on its virtual scheduler.
        package var stepHandler: FlowStore.StepHandler?
        /// How long a launch or a payment waits for the payment-method
        /// switch (`PaymentMethodSwitchReader.readBound` when nil). Real
        /// time: the simulation, on virtual time, sets one it never reaches,
        /// so a read is always waited for there and its order is the seed's.
        package var paymentMethodsReadBound: Duration?
        /// Whether the launch reads the payment-method switch beside the
        /// settling (an app: the two reads overlap) or after it (the
        /// simulation, which resumes one piece of work at a time, as
        /// `reconcileConcurrency` of 1 does for reconciliation).
        package var readsSwitchBesideSettling: Bool
        /// Starts work a call does not wait for (the releases sent again
        /// after a sign-in): a task of its own by default. The simulation
        /// waits for it instead, so its requests belong to the step that
        /// started them and a wait it makes on the virtual clock is woken by
        /// the run.
        package var startBackground: @Sendable (@escaping @Sendable () async -> Void) async -> Void

        /// Seams; every part left out is the live one.
        package init(
            dependencies: Dependencies = .live, retrySleeper: (any Sleeper)? = nil, eventLogPath: String? = nil,
            boundaryHook: EffectRunner.BoundaryHook? = nil, cancelBoundaryHook: CancelBoundaryHook? = nil,
            reconcileConcurrency: Int = RepositoryConfiguration().reconcileConcurrency,
            stepHandler: FlowStore.StepHandler? = nil, paymentMethodsReadBound: Duration? = nil,
            readsSwitchBesideSettling: Bool = true,
            startBackground: @escaping @Sendable (@escaping @Sendable () async -> Void) async -> Void = { work in
                Task { await work() }
            }
        ) {
            self.dependencies = dependencies
            self.retrySleeper = retrySleeper
            self.eventLogPath = eventLogPath
            self.boundaryHook = boundaryHook
            self.cancelBoundaryHook = cancelBoundaryHook
            self.reconcileConcurrency = reconcileConcurrency
            self.stepHandler = stepHandler
            self.paymentMethodsReadBound = paymentMethodsReadBound
            self.readsSwitchBesideSettling = readsSwitchBesideSettling
            self.startBackground = startBackground
        }

        /// What an app gets: the real clocks, random ids, no log, no hooks.
        package static var live: Seams { Seams() }
    }
}
