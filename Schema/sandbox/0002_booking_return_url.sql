-- Where the sandbox's 3-D Secure page sends the browser back after its
-- answer: the returnUrl the client gave with the payment (NULL: none, the
-- page says to go back to the app). `{bookingId}` in it is replaced by the
-- booking's id when the page redirects.
ALTER TABLE booking ADD COLUMN return_url TEXT CHECK (return_url IS NULL OR length(return_url) BETWEEN 1 AND 512);
