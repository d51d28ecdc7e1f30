// libFuzzer target: one `hitlab eval` line. Any bytes give an answer or an error line, never a
// crash, a leak, a hang or an exception escaping (AnswerLine reports those as "internal error").
#include "app/cli/eval.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    bool ok = false;
    const nlohmann::ordered_json answer = hitlab::AnswerLine(line, ok);
    const std::string text = answer.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    const auto error = answer.find("error");
    if (ok == (error != answer.end())) {
        std::fprintf(stderr, "fuzz_eval: ok does not match the answer: %s\n", text.c_str());
        std::abort();
    }
    if (!ok && error->is_string() && error->get_ref<const std::string&>().rfind("internal error", 0) == 0) {
        std::fprintf(stderr, "fuzz_eval: an exception escaped the protocol code: %s\n", text.c_str());
        std::abort();
    }
    return 0;
}
