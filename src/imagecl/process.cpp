#include "imagecl/process.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

extern char** environ;

namespace filterlab::imagecl {

std::string ProcessResult::status() const {
  if (signal != 0) return "was killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
  if (exit_code >= 0) return "exited with status " + std::to_string(exit_code);
  return "could not be started";
}

ProcessResult run_process(const std::vector<std::string>& argv) {
  ProcessResult r;
  // mkstemp replaces the template's six trailing X characters with a unique name.
  std::string tmpl = "/tmp/filterlab-process-" + std::string(6, 'X');
  const int fd = mkstemp(tmpl.data());
  if (fd < 0) {
    r.output = "cannot create a temporary file for the output of " + argv.front();
    return r;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fd, 1);
  posix_spawn_file_actions_adddup2(&actions, fd, 2);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int err = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fd);
  if (err == 0) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
    }
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  }
  std::ifstream in(tmpl);
  std::stringstream text;
  text << in.rdbuf();
  r.output = err == 0 ? text.str() : "cannot start " + argv.front();
  std::remove(tmpl.c_str());
  return r;
}

}  // namespace filterlab::imagecl
