#include "experiments/result_file.hpp"

#include "error.hpp"
#include "io/atomic_file.hpp"

namespace filterlab {

void write_result(const std::string& path, const nlohmann::json& result, const std::string& rows_key,
                  const std::string& text) {
  const auto it = result.find(rows_key);
  if (it == result.end() || it->empty())
    throw Error("the " + result.value("experiment", std::string("?")) + " experiment produced no " + rows_key +
                    ": nothing written to " + path,
                "check the selection (--variants, --spaces) and FILTERLAB_* settings; an earlier result there is kept");
  io::write_file_atomically(path, text.empty() ? result.dump(1) + "\n" : text);
}

}  // namespace filterlab
