#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

// libcurl's setopt and getinfo are variadic, which Swift cannot call: one typed function for each
// kind of argument the live transport passes.

CURLcode apps_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode apps_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode apps_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode apps_curl_easy_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);

typedef size_t (*apps_curl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode apps_curl_easy_setopt_write_function(CURL *handle, apps_curl_data_callback callback);
CURLcode apps_curl_easy_setopt_header_function(CURL *handle, apps_curl_data_callback callback);

CURLcode apps_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode apps_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value);
CURLcode apps_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value);

CURLMcode apps_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// The message's result code (a union member Swift cannot reach).
CURLcode apps_curl_message_result(CURLMsg *message);

#endif
