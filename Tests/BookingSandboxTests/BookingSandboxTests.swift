// Tests of BookingSandbox.
