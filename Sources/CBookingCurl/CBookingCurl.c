// libcurl, loaded at run time (CBookingCurl.h says why).
#include "CBookingCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#ifdef __APPLE__
#define BK_CURL_LIBRARY "libcurl.4.dylib"
#else
#define BK_CURL_LIBRARY "libcurl.so.4"
#endif

struct curl_waitfd;

/// libcurl's functions, as `dlsym` found them.
struct functions {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(
        CURLM *multi, struct curl_waitfd *extra, unsigned int extra_count, int timeout_ms, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *left);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
};

/// Each function's name in libcurl and its place in `struct functions`.
static const struct {
    const char *name;
    size_t offset;
} symbols[] = {
    {"curl_global_init", offsetof(struct functions, global_init)},
    {"curl_easy_init", offsetof(struct functions, easy_init)},
    {"curl_easy_cleanup", offsetof(struct functions, easy_cleanup)},
    {"curl_easy_reset", offsetof(struct functions, easy_reset)},
    {"curl_easy_strerror", offsetof(struct functions, easy_strerror)},
    {"curl_easy_setopt", offsetof(struct functions, easy_setopt)},
    {"curl_easy_getinfo", offsetof(struct functions, easy_getinfo)},
    {"curl_multi_init", offsetof(struct functions, multi_init)},
    {"curl_multi_cleanup", offsetof(struct functions, multi_cleanup)},
    {"curl_multi_add_handle", offsetof(struct functions, multi_add_handle)},
    {"curl_multi_remove_handle", offsetof(struct functions, multi_remove_handle)},
    {"curl_multi_perform", offsetof(struct functions, multi_perform)},
    {"curl_multi_poll", offsetof(struct functions, multi_poll)},
    {"curl_multi_wakeup", offsetof(struct functions, multi_wakeup)},
    {"curl_multi_info_read", offsetof(struct functions, multi_info_read)},
    {"curl_slist_append", offsetof(struct functions, slist_append)},
    {"curl_slist_free_all", offsetof(struct functions, slist_free_all)},
};

/// Opens `file` and finds every function of `symbols` in it, into `table`.
/// The library's handle, or NULL with why in `reason`.
static void *resolve(const char *file, struct functions *table, char *reason, size_t size) {
    // RTLD_LOCAL: nothing of it for later lookups by name. When
    // FoundationNetworking has loaded libcurl already, this is the same copy.
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *error = dlerror();
        snprintf(reason, size, "cannot load %s (%s)", file, error != NULL ? error : "no reason given");
        return NULL;
    }
    for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
        void *function = dlsym(library, symbols[index].name);
        if (function == NULL) {
            // curl_multi_wakeup, the newest, came in 7.68 (2020).
            snprintf(reason, size, "%s has no %s (libcurl 7.68 or later is needed)", file, symbols[index].name);
            dlclose(library);
            return NULL;
        }
        // POSIX guarantees that a `void *` from dlsym holds a function's address.
        memcpy((char *)table + symbols[index].offset, &function, sizeof function);
    }
    return library;
}

/// The process's libcurl: written once under `once`, only read after.
static struct functions curl;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];
static bool loaded;

static void load_once(void) {
    if (resolve(BK_CURL_LIBRARY, &curl, failure, sizeof failure) == NULL) return;
    // Kept open for the life of the process (never dlclose'd).
    CURLcode code = curl.global_init(CURL_GLOBAL_ALL);
    if (code != CURLE_OK) {
        snprintf(failure, sizeof failure, "curl_global_init failed (%s)", curl.easy_strerror(code));
        return;
    }
    loaded = true;
}

const char *bk_curl_load(void) {
    pthread_once(&once, load_once);
    return loaded ? NULL : failure;
}

bool bk_curl_probe(const char *file, char *reason, size_t size) {
    struct functions table;
    void *library = resolve(file, &table, reason, size);
    if (library == NULL) return false;
    dlclose(library);
    return true;
}

CURL *bk_curl_easy_init(void) { return curl.easy_init(); }

void bk_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }

void bk_curl_easy_reset(CURL *handle) { curl.easy_reset(handle); }

const char *bk_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode bk_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode bk_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode bk_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode bk_curl_set_data_function(CURL *handle, CURLoption option, bk_curl_data_function function) {
    return curl.easy_setopt(handle, option, function);
}

CURLcode bk_curl_set_prereq_function(CURL *handle, bk_curl_prereq_function function) {
    return curl.easy_setopt(handle, CURLOPT_PREREQFUNCTION, function);
}

CURLcode bk_curl_allow_only_http(CURL *handle) {
    CURLcode code = curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    if (code != CURLE_UNKNOWN_OPTION) return code;
    return curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
}

CURLcode bk_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode bk_curl_get_certinfo(CURL *handle, struct curl_certinfo **value) {
    return curl.easy_getinfo(handle, CURLINFO_CERTINFO, value);
}

CURLM *bk_curl_multi_init(void) { return curl.multi_init(); }

CURLMcode bk_curl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }

CURLMcode bk_curl_multi_add_handle(CURLM *multi, CURL *handle) { return curl.multi_add_handle(multi, handle); }

CURLMcode bk_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return curl.multi_remove_handle(multi, handle);
}

CURLMcode bk_curl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }

CURLMcode bk_curl_multi_poll(CURLM *multi, int timeout_ms) {
    return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}

CURLMcode bk_curl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }

CURLMsg *bk_curl_multi_info_read(CURLM *multi, int *left) { return curl.multi_info_read(multi, left); }

struct curl_slist *bk_curl_slist_append(struct curl_slist *list, const char *string) {
    return curl.slist_append(list, string);
}

void bk_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }
