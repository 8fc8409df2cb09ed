#!/usr/bin/env python3
"""The sandbox's 3-D Secure page and dashboard in a real browser.

Starts `booking sandbox --port 0`, then for each answer (Complete, Fail):
a fresh data directory, `offers`, `hold --no-wait`, and a real
`booking pay --card tok_threeDSecureRequired` (no --challenge) in a
pseudo-terminal; reads the challenge URL it prints, opens it in headless
Chromium, clicks the button, and checks the CLI's outcome and exit code and
the sandbox's ledger. Then a payment made with a returnUrl (over HTTP):
Complete sends the browser to it. Then opens the dashboard and finds the
booking and its single charge. Screenshots (PNG) go to $BOOKINGKIT_BROWSER_ARTIFACTS
(default /tmp/bookingkit-browser-artifacts).

Usage: browser-test.py [path/to/booking]   (default .build/debug/booking)
Needs: chromium, chromium-driver (Debian) and selenium (PyPI).
"""
import datetime
import json
import os
import pty
import re
import select
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

BOOKING = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/booking")
ARTIFACTS = os.environ.get("BOOKINGKIT_BROWSER_ARTIFACTS", "/tmp/bookingkit-browser-artifacts")
PAGE_URL = re.compile(r"(http://127\.0\.0\.1:\d+/sandbox/3ds/bk_[0-9a-f]{16}\?token=[0-9a-f]{32})")
HOSTILE = "<script>alert(1)</script>\"'&"
ENV = dict(os.environ, NO_COLOR="1", TERM="dumb")
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)


def booking(*arguments, data_dir, server, account):
    run = subprocess.run([BOOKING, "--data-dir", data_dir, "--server", server, "--api-key", "sk_test_" + account,
                          *arguments], capture_output=True, text=True, env=ENV, timeout=120)
    if run.returncode != 0:
        raise SystemExit(f"booking {' '.join(arguments)} failed ({run.returncode}): {run.stdout} {run.stderr}")
    return run.stdout


def start_sandbox(directory):
    process = subprocess.Popen([BOOKING, "sandbox", "--port", "0", "--data-dir", directory],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=ENV)
    line = process.stdout.readline()
    if not line.startswith("listening on "):
        raise SystemExit(f"the sandbox did not start: {line!r}")
    return process, line.split("listening on ", 1)[1].strip()


def ledger(server, account):
    request = urllib.request.Request(server + "/v1/sandbox/ledger",
                                     headers={"Authorization": "Bearer sk_test_" + account})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def api(server, account, method, path, body=None, key=None):
    headers = {"Authorization": "Bearer sk_test_" + account, "Content-Type": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def redirect_in_browser(driver, server):
    """A payment made with a returnUrl: Complete sends the browser there."""
    account = "browser_redirect"
    check_in = (datetime.date.today() + datetime.timedelta(days=25)).isoformat()
    check_out = (datetime.date.today() + datetime.timedelta(days=27)).isoformat()
    offer = api(server, account, "GET", f"/v1/offers?placeId=plc_lisbon&checkIn={check_in}&checkOut={check_out}&guests=2")["items"][0]
    hold = api(server, account, "POST", "/v1/holds", {"offerId": offer["offerId"], "quoteId": offer["quoteId"]}, key=HOSTILE)
    made = api(server, account, "POST", "/v1/bookings",
               {"holdId": hold["holdId"], "paymentToken": "tok_threeDSecureRequired",
                "returnUrl": "https://example.com/bookings/{bookingId}/3ds-return"}, key="redirect-pay")
    driver.get(made["nextAction"]["url"])
    driver.find_element(By.ID, "complete").click()
    time.sleep(0.5)
    expected = f"https://example.com/bookings/{made['bookingId']}/3ds-return"
    check(driver.current_url == expected, f"Complete with a returnUrl: the browser went to {driver.current_url}")
    check(api(server, account, "GET", "/v1/bookings/" + made["bookingId"])["state"] == "CONFIRMED",
          "Complete with a returnUrl: the booking is confirmed")


class TerminalRun:
    """`booking pay` in a pseudo-terminal (so a person answers the page)."""

    def __init__(self, arguments):
        master, slave = pty.openpty()
        self.process = subprocess.Popen(arguments, stdin=slave, stdout=slave, stderr=slave, env=ENV, close_fds=True)
        os.close(slave)
        self.master = master
        self.output = ""

    def read(self, timeout):
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 4096)
        except OSError:  # the child closed the terminal
            return False
        self.output += chunk.decode("utf-8", "replace")
        return bool(chunk)

    def wait_for(self, pattern, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            match = pattern.search(self.output)
            if match:
                return match.group(1)
            if not self.read(0.5) and self.process.poll() is not None:
                break
        return None

    def finish(self, timeout):
        deadline = time.time() + timeout
        while self.process.poll() is None and time.time() < deadline:
            self.read(0.5)
        while self.read(0.1):
            pass
        if self.process.poll() is None:
            self.process.kill()
        code = self.process.wait(timeout=10)
        os.close(self.master)
        return code


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1100,800", "--no-first-run", "--disable-extensions",
                     # Loopback only: the return links lead to example.com,
                     # which must fail here, never leave the machine.
                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--no-default-browser-check"]:
        options.add_argument(argument)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def pay_in_browser(driver, server, scratch, button, account):
    data_dir = os.path.join(scratch, account)
    check_in = (datetime.date.today() + datetime.timedelta(days=20)).isoformat()
    check_out = (datetime.date.today() + datetime.timedelta(days=22)).isoformat()
    offers = json.loads(booking("offers", "--json", "--place", "plc_lisbon", "--check-in", check_in,
                                "--check-out", check_out, "--guests", "2",
                                data_dir=data_dir, server=server, account=account))["offers"]
    booking("hold", offers[0]["offerId"], "--no-wait", data_dir=data_dir, server=server, account=account)
    pay = TerminalRun([BOOKING, "--data-dir", data_dir, "--server", server, "--api-key", "sk_test_" + account,
                       "pay", "--card", "tok_threeDSecureRequired",
                       "--guest-name", "Ana Silva", "--guest-email", "ana@example.com"])
    url = pay.wait_for(PAGE_URL, 60)
    check(url is not None and url.startswith(server + "/sandbox/3ds/"), f"{account}: pay printed the page's URL ({url})")
    if url is None:
        pay.process.kill()
        return None, None, (None, pay.output)
    booking_id = url.rsplit("/", 1)[1].split("?", 1)[0]
    driver.get(url)
    check("Confirm this payment" in driver.page_source, f"{account}: the challenge page opened")
    check(booking_id in driver.page_source and "EUR" in driver.page_source, f"{account}: it shows the booking and amount")
    driver.save_screenshot(os.path.join(ARTIFACTS, f"{account}-1-challenge.png"))
    driver.find_element(By.ID, button).click()
    time.sleep(0.5)
    # `booking pay` sends its return link with the payment: the page sends
    # the browser back into the app (the link `booking open` takes).
    expected = f"https://example.com/bookings/{booking_id}/3ds-return"
    check(driver.current_url == expected, f"{account}: the answer sent the browser to {driver.current_url}")
    code = pay.finish(120)
    return booking_id, url, (code, pay.output)


def main():
    os.makedirs(ARTIFACTS, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="bookingkit-browser-")
    sandbox, server = start_sandbox(os.path.join(scratch, "sandbox"))
    driver = browser()
    try:
        booking_id, page_url, (code, output) = pay_in_browser(driver, server, scratch, "complete", "browser_pass")
        check(code == 0 and "Outcome: confirmed" in output, f"Complete: pay ended confirmed, exit 0 (exit {code})")
        report = ledger(server, "browser_pass")
        check(report["chargeCount"] == 1 and report["chargesByBooking"].get(booking_id) == 1,
              "Complete: one charge in the ledger")

        failed_id, _, (code, output) = pay_in_browser(driver, server, scratch, "fail", "browser_fail")
        check(code == 1 and "Outcome: failed" in output, f"Fail: pay ended failed, exit 1 (exit {code})")
        # A failed challenge keeps the room: the next pay tries another card on the same hold.
        check("The room is still held for you" in output and "booking pay --card TOKEN" in output,
              "Fail: the room is kept and another card is offered")
        check(ledger(server, "browser_fail")["chargeCount"] == 0, "Fail: nothing charged")

        redirect_in_browser(driver, server)

        driver.get(server + "/")
        page = driver.page_source
        check("BookingKit sandbox" in page and booking_id in page and failed_id in page,
              "the dashboard lists both bookings")
        row = driver.find_element(By.XPATH, f"//h2[contains(., 'Ledger')]/following::td[text()='{booking_id}']/..")
        cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
        check(cells[3] == "1", f"the dashboard's ledger shows its single charge ({cells})")
        check(driver.find_element(By.LINK_TEXT, "openapi.yaml") is not None, "the dashboard links the OpenAPI document")
        cells = [cell.text for cell in driver.find_elements(By.TAG_NAME, "td")]
        check(HOSTILE in cells and not driver.find_elements(By.XPATH, "//td//script"),
              "a hostile idempotency key is shown as text on the dashboard")
        driver.set_window_size(1100, 1800)
        driver.save_screenshot(os.path.join(ARTIFACTS, "dashboard.png"))
        driver.set_window_size(1100, 800)
        driver.get(page_url)
        check("Already answered" in driver.page_source, "an answered challenge page is a 409 page")
        driver.get(server + "/sandbox/3ds/" + booking_id)
        check("Not found" in driver.page_source, "the page without its token is a 404 page")
        driver.save_screenshot(os.path.join(ARTIFACTS, "answered-409.png"))
        driver.get(server + "/nope?x=<script>")
        check("Not found" in driver.page_source, "an odd path is a 404 page")
    finally:
        driver.quit()
        sandbox.terminate()
        sandbox.wait(timeout=10)
    print(f"screenshots: {ARTIFACTS}")
    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
