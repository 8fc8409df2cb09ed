// booking: the BookingKit command-line client. `booking trips` and
// `booking trip ID` are answered here, by a program that links no
// networking, no Foundation and starts no sandbox (the device's copy at the
// speed of a database read); every other command, and the refresh after
// the copy, is the full CLI's (`booking-cli`, built and installed next to this).
import TripViewerCore

LeanViewer.runAsProcess()
