// libcurl's easy interface as Swift can call it. `curl_easy_setopt` and
// `curl_easy_getinfo` are variadic, which Swift cannot call: each wrapper
// below passes one argument of one type. Used by BookingCurl (Linux only).
#ifndef BOOKINGKIT_CCURL_SHIM_H
#define BOOKINGKIT_CCURL_SHIM_H

#include <curl/curl.h>

/// A write or header callback: `size * count` bytes at `bytes`.
typedef size_t (*bk_curl_data_function)(char *bytes, size_t size, size_t count, void *context);

static inline CURLcode bk_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bk_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bk_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bk_curl_set_data_function(CURL *handle, CURLoption option, bk_curl_data_function function) {
    return curl_easy_setopt(handle, option, function);
}

/// Allows only `http` and `https`: `CURLOPT_PROTOCOLS_STR` from libcurl
/// 7.85 on (Debian 12 has 7.88), the older bit mask before it (an older
/// SDK's libcurl).
static inline CURLcode bk_curl_allow_only_http(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500
    return curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    return curl_easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

static inline CURLcode bk_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
