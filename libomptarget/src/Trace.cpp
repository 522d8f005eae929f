//===- Trace.cpp - The LIBOMPTARGET_PROFILE timeline ----------------------===//
//
// Each event is formatted as a JSON object when it is recorded and appended,
// under one lock, to a list in memory; writing the file joins the list into
// {"traceEvents":[...]}. The host is process 1, device D is process 2 + D;
// host threads are numbered in the order they first record an event, and the
// stream of a device is its thread 1. Times are microseconds on the host's
// monotonic clock since the runtime was loaded.
//
//===----------------------------------------------------------------------===//

#include "Trace.h"
#include "Diagnostics.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unistd.h>
#include <vector>

using namespace omptarget;
using namespace omptarget::trace;

namespace {
constexpr int HostProcess = 1;
constexpr int FirstDeviceProcess = 2;
constexpr int StreamThread = 1;

struct Recorder {
  std::mutex Mutex;
  std::vector<std::string> Events;
  FILE *File = nullptr;
  std::atomic<int> LastHostThread{0};
};

Recorder &recorder() {
  // Never destroyed: the trace is written from exit handlers that may run
  // after static destructors.
  static Recorder *Instance = new Recorder();
  return *Instance;
}

std::string quote(const std::string &Text) {
  std::string Result = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\') {
      Result += '\\';
      Result += C;
    } else if (static_cast<unsigned char>(C) < 0x20) {
      Result += format("\\u%04x", C);
    } else {
      Result += C;
    }
  }
  return Result + "\"";
}

void append(std::string Event) {
  Recorder &R = recorder();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  R.Events.push_back(std::move(Event));
}

/// A metadata event ("ph":"M") that names or orders a process or thread.
void metadata(const char *Kind, int Process, int Thread, const Args &A) {
  append(format("{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,"
                "\"args\":{%s}}",
                Kind, Process, Thread, A.fields().c_str()));
}

std::string event(const char *Phase, Track Where, const Event &What,
                  double Start) {
  return format("{\"name\":%s,\"cat\":%s,\"ph\":\"%s\",\"ts\":%.3f,"
                "\"pid\":%d,\"tid\":%d,\"args\":{%s}",
                quote(What.Name).c_str(), quote(What.Category).c_str(), Phase,
                Start, Where.Process, Where.Thread,
                What.Arguments.fields().c_str());
}

void writeLocked(Recorder &R) {
  FILE *F = R.File;
  rewind(F);
  fputs("{\"traceEvents\":[\n", F);
  for (size_t I = 0; I < R.Events.size(); ++I) {
    fputs(R.Events[I].c_str(), F);
    fputs(I + 1 < R.Events.size() ? ",\n" : "\n", F);
  }
  fputs("]}\n", F);
  fflush(F);
  // An earlier, longer write may have left bytes behind.
  if (ftruncate(fileno(F), ftell(F)) != 0 || ferror(F))
    fprintf(stderr,
            "omptarget warning: writing the LIBOMPTARGET_PROFILE "
            "trace failed: %s\n",
            strerror(errno));
}

/// A fatal error ends the process without exit handlers: record it and write
/// the trace then.
void writeOnFatal(const std::string &Message) {
  instant(hostThread(),
          {"fatal error", "error", Args().add("message", Message)});
  trace::write();
}

bool start() {
  const char *Path = getenv("LIBOMPTARGET_PROFILE");
  if (!Path || !*Path)
    return false;
  Recorder &R = recorder();
  R.File = fopen(Path, "w");
  if (!R.File)
    fatal("cannot write the LIBOMPTARGET_PROFILE trace to %s: %s", Path,
          strerror(errno));
  metadata("process_name", HostProcess, 0,
           Args().add("name",
                      format("host: %s (pid %d)", program_invocation_short_name,
                             static_cast<int>(getpid()))));
  metadata("process_sort_index", HostProcess, 0, Args().add("sort_index", 0));
  atexit(trace::write);
  setFatalHook(writeOnFatal);
  return true;
}

const std::chrono::steady_clock::time_point Origin =
    std::chrono::steady_clock::now();
} // namespace

// After Origin: initializers of one file run in order.
const bool trace::Enabled = start();

double trace::now() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now() - Origin)
      .count();
}

Track trace::hostThread() {
  static thread_local int Thread = 0;
  if (!Thread) {
    Thread = ++recorder().LastHostThread;
    int OSThread = static_cast<int>(gettid());
    std::string Name = OSThread == getpid()
                           ? format("main thread (tid %d)", OSThread)
                           : format("thread %d (tid %d)", Thread, OSThread);
    metadata("thread_name", HostProcess, Thread, Args().add("name", Name));
  }
  return {HostProcess, Thread};
}

Track trace::deviceStream(int Device) {
  return {FirstDeviceProcess + Device, StreamThread};
}

void trace::nameDevice(int Device, const std::string &Name) {
  int Process = FirstDeviceProcess + Device;
  metadata("process_name", Process, 0, Args().add("name", Name));
  metadata("process_sort_index", Process, 0,
           Args().add("sort_index", 1 + Device));
  metadata("thread_name", Process, StreamThread,
           Args().add("name", "stream 0"));
}

Args &Args::addRaw(const char *Key, const std::string &Json) {
  if (!Fields.empty())
    Fields += ',';
  Fields += quote(Key) + ":" + Json;
  return *this;
}

Args &Args::add(const char *Key, const std::string &Value) {
  return addRaw(Key, quote(Value));
}

Args &Args::add(const char *Key, std::initializer_list<uint32_t> Values) {
  std::string List = "[";
  for (uint32_t V : Values)
    List += (List.size() > 1 ? "," : "") + std::to_string(V);
  return addRaw(Key, List + "]");
}

void trace::complete(Track Where, const Event &What, double Start,
                     double Duration) {
  append(event("X", Where, What, Start) + format(",\"dur\":%.3f}", Duration));
}

void trace::instant(Track Where, const Event &What) {
  append(event("i", Where, What, now()) + ",\"s\":\"t\"}");
}

void trace::write() {
  Recorder &R = recorder();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  writeLocked(R);
}
