// libcurl's easy and multi interfaces as BookingCurl calls them, with no
// libcurl header and no link to libcurl: the package builds with no
// development package but SQLite's (`libsqlite3-dev`), and `libcurl.so.4`
// is loaded when the first transport asks (`bk_curl_load`).
//
// The declarations below are the few that BookingCurl uses, written out
// from libcurl's headers: libcurl keeps its ABI (type layouts, option and
// error numbers) stable across 7.x and 8.x; the values are those of
// Debian 12's libcurl 7.88.1. Functions are called through pointers that
// `bk_curl_load` fills with `dlsym`, behind `bk_` wrappers: the wrappers
// never take libcurl's own names, so they cannot stand in for the real
// functions that FoundationNetworking calls in the same process.
//
// A C target (this header and CBookingCurl.c), not a system library: a system
// library cannot hold a .c file, and a table of function pointers in a
// header of `static inline` functions would be a separate copy in every
// module that calls it. Here there is one table, filled once.
//
// `curl_easy_setopt` and `curl_easy_getinfo` are variadic, which Swift
// cannot call: each wrapper below passes one argument of one type.
#ifndef BOOKINGKIT_CCURL_H
#define BOOKINGKIT_CCURL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// An easy handle (libcurl's own typedef).
typedef void CURL;
/// A multi handle (libcurl's own typedef).
typedef void CURLM;
/// libcurl's 64-bit file offset (`long` on LP64 Linux and macOS).
typedef int64_t curl_off_t;

/// The `CURLcode` values BookingCurl looks at (curl/curl.h).
typedef enum {
    CURLE_OK = 0,
    CURLE_UNSUPPORTED_PROTOCOL = 1,
    CURLE_FAILED_INIT = 2,
    CURLE_URL_MALFORMAT = 3,
    CURLE_COULDNT_RESOLVE_PROXY = 5,
    CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_WRITE_ERROR = 23,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_SSL_CONNECT_ERROR = 35,
    CURLE_ABORTED_BY_CALLBACK = 42,
    CURLE_UNKNOWN_OPTION = 48,
    CURLE_GOT_NOTHING = 52,
    CURLE_SSL_ENGINE_NOTFOUND = 53,
    CURLE_SSL_ENGINE_SETFAILED = 54,
    CURLE_RECV_ERROR = 56,
    CURLE_SSL_CERTPROBLEM = 58,
    CURLE_SSL_CIPHER = 59,
    CURLE_PEER_FAILED_VERIFICATION = 60,
    CURLE_USE_SSL_FAILED = 64,
    CURLE_SEND_FAIL_REWIND = 65,
    CURLE_SSL_ENGINE_INITFAILED = 66,
    CURLE_SSL_CACERT_BADFILE = 77,
    CURLE_SSL_CRL_BADFILE = 82,
    CURLE_SSL_ISSUER_ERROR = 83,
    CURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
    CURLE_SSL_INVALIDCERTSTATUS = 91,
} CURLcode;

/// The `CURLMcode` values BookingCurl looks at (curl/multi.h).
typedef enum {
    CURLM_OK = 0,
} CURLMcode;

/// The options BookingCurl sets (curl/curl.h): a long option's number is
/// under 10000, a pointer's 10000 + n, a function's 20000 + n, a
/// `curl_off_t`'s 30000 + n.
typedef enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_PROXY = 10004,
    CURLOPT_READDATA = 10009,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_READFUNCTION = 20012,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_SSLVERSION = 32,
    CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_NOBODY = 44,
    CURLOPT_POST = 47,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_CAINFO = 10065,
    CURLOPT_FRESH_CONNECT = 74,
    CURLOPT_FORBID_REUSE = 75,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_HTTPGET = 80,
    CURLOPT_CAPATH = 10097,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_TIMEOUT_MS = 155,
    CURLOPT_CERTINFO = 172,
    /// Deprecated in 7.85 for `CURLOPT_PROTOCOLS_STR`, used only before it.
    CURLOPT_PROTOCOLS = 181,
    CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    /// From libcurl 7.80 on.
    CURLOPT_PREREQFUNCTION = 20312,
    /// From libcurl 7.80 on.
    CURLOPT_PREREQDATA = 10313,
    /// From libcurl 7.85 on.
    CURLOPT_PROTOCOLS_STR = 10318,
} CURLoption;

/// The transfer facts BookingCurl reads (curl/curl.h): a long's number is
/// 0x200000 + n, a pointer's 0x400000 + n.
typedef enum {
    CURLINFO_RESPONSE_CODE = 0x200002,
    CURLINFO_CERTINFO = 0x400022,
} CURLINFO;

/// `curl_global_init`'s flags: SSL and Win32 sockets.
#define CURL_GLOBAL_ALL 3L
/// The size of a `CURLOPT_ERRORBUFFER` buffer.
#define CURL_ERROR_SIZE 256
/// What a read callback returns to abort the transfer.
#define CURL_READFUNC_ABORT 0x10000000
/// `CURLOPT_PROTOCOLS` bits.
#define CURLPROTO_HTTP (1 << 0)
#define CURLPROTO_HTTPS (1 << 1)
/// `CURLOPT_SSLVERSION`: TLS 1.2 or later.
#define CURL_SSLVERSION_TLSv1_2 6L

/// A list of strings (`CURLOPT_HTTPHEADER`), made by `bk_curl_slist_append`.
struct curl_slist {
    char *data;
    struct curl_slist *next;
};

/// The certificates of a TLS connection (`CURLINFO_CERTINFO`, with
/// `CURLOPT_CERTINFO` set): for each, from the server's own first, a list
/// of "Name:value" lines ("Subject:CN = ...", "X509v3 Subject Alternative
/// Name:IP Address:127.0.0.1").
struct curl_certinfo {
    int num_of_certs;
    struct curl_slist **certinfo;
};

/// What a `CURLOPT_PREREQFUNCTION` callback returns to go on, or to end
/// the transfer before the request is sent (`CURLE_ABORTED_BY_CALLBACK`).
#define CURL_PREREQFUNC_OK 0
#define CURL_PREREQFUNC_ABORT 1

/// What a multi handle's message is about.
typedef enum {
    CURLMSG_NONE = 0,
    /// A transfer ended; `data.result` is its result.
    CURLMSG_DONE = 1,
} CURLMSG;

/// A message from a multi handle (`bk_curl_multi_info_read`).
typedef struct CURLMsg {
    CURLMSG msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} CURLMsg;

/// A write, header or read callback: `size * count` bytes at `bytes`.
typedef size_t (*bk_curl_data_function)(char *bytes, size_t size, size_t count, void *context);
/// A `CURLOPT_PREREQFUNCTION` callback: called once the connection (TLS
/// included) is made, before the request is sent on it.
typedef int (*bk_curl_prereq_function)(
    void *context, char *primary_ip, char *local_ip, int primary_port, int local_port);

/// Loads libcurl (`libcurl.so.4`; `libcurl.4.dylib` on Apple platforms)
/// and runs `curl_global_init`, once per process, however many threads
/// ask. NULL when every function below can be called; otherwise why not
/// (the library is missing, lacks a function, or failed to start), and
/// none of them may be.
const char *bk_curl_load(void);

/// Whether `file` could be loaded as libcurl: every function found in it.
/// Leaves the process's libcurl (`bk_curl_load`) as it is and starts
/// nothing. False with why in `reason` (`size` bytes at most) when not.
bool bk_curl_probe(const char *file, char *reason, size_t size);

CURL *bk_curl_easy_init(void);
void bk_curl_easy_cleanup(CURL *handle);
void bk_curl_easy_reset(CURL *handle);
const char *bk_curl_easy_strerror(CURLcode code);

CURLcode bk_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode bk_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode bk_curl_set_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode bk_curl_set_data_function(CURL *handle, CURLoption option, bk_curl_data_function function);
CURLcode bk_curl_set_prereq_function(CURL *handle, bk_curl_prereq_function function);
/// Allows only `http` and `https`: `CURLOPT_PROTOCOLS_STR` from libcurl
/// 7.85 on (Debian 12 has 7.88), the older bit mask when libcurl does not
/// know that option.
CURLcode bk_curl_allow_only_http(CURL *handle);
CURLcode bk_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode bk_curl_get_certinfo(CURL *handle, struct curl_certinfo **value);

CURLM *bk_curl_multi_init(void);
CURLMcode bk_curl_multi_cleanup(CURLM *multi);
CURLMcode bk_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode bk_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode bk_curl_multi_perform(CURLM *multi, int *running);
/// `curl_multi_poll` with no extra descriptors: waits at most `timeout_ms`
/// for activity or `bk_curl_multi_wakeup`.
CURLMcode bk_curl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode bk_curl_multi_wakeup(CURLM *multi);
CURLMsg *bk_curl_multi_info_read(CURLM *multi, int *left);

struct curl_slist *bk_curl_slist_append(struct curl_slist *list, const char *string);
void bk_curl_slist_free_all(struct curl_slist *list);

#endif
