#pragma once
// Results are written to a temporary file beside the target and renamed into place, so an
// interrupted or failed run never leaves a half-written file that looks like a result.
#include <string>

namespace filterlab::io {

// Throws filterlab::Error naming the path when the directory is missing or not writable. A path
// that is a symbolic link is written through: the file it points to is replaced, the link stays.
void write_file_atomically(const std::string& path, const std::string& content);
// Creates the directory (and parents); throws with a clear message when that is impossible.
void ensure_directory(const std::string& dir);

}  // namespace filterlab::io
