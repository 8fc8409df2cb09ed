// The lean viewer's Foundation-free pieces (`LeanViewer`, `ViewerRequest`,
// `ViewerText`, `TripPrinter`) live in TripViewerCore, which the `booking`
// executable links alone; the full CLI reaches them through this module.
@_exported import TripViewerCore
