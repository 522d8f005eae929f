//===- Trace.cpp - The LIBOMPTARGET_PROFILE timeline ----------------------===//
//
// Each event is written as JSON when it is recorded, into a buffer of the
// calling thread, and appended under one lock to chunks of memory; writing
// the file joins the chunks into {"traceEvents":[...]}. Numbers are formatted
// by hand (integers, microseconds with three decimals), since printf's
// floating point formatting would make up most of the cost of tracing. The
// host is process 1, device D is process 2 + D; host threads are numbered in
// the order they first record an event, and the stream of a device is its
// thread 1. Times are microseconds on the host's monotonic clock since the
// runtime was loaded.
//
//===----------------------------------------------------------------------===//

#include "Trace.h"
#include "Diagnostics.h"

#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
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
constexpr int FirstStreamThread = 1;
/// Events are kept in chunks of this size, so that the buffer grows without
/// copying what it holds.
constexpr size_t ChunkBytes = size_t(1) << 20;

struct Recorder {
  std::mutex Mutex;
  /// The events, each followed by ",\n".
  std::vector<std::string> Chunks;
  FILE *File = nullptr;
  std::atomic<int> LastHostThread{0};
};

Recorder &recorder() {
  // Never destroyed: the trace is written from exit handlers that may run
  // after static destructors.
  static Recorder *Instance = new Recorder();
  return *Instance;
}

void appendInteger(std::string &Out, int64_t Value, int Base = 10) {
  char Digits[24];
  auto Result = std::to_chars(Digits, Digits + sizeof(Digits), Value, Base);
  Out.append(Digits, Result.ptr);
}

/// Microseconds with three decimals (nanosecond resolution).
void appendMicroseconds(std::string &Out, double Microseconds) {
  int64_t Nanoseconds = std::llround(Microseconds * 1000);
  appendInteger(Out, Nanoseconds / 1000);
  char Decimals[4] = {'.', char('0' + Nanoseconds / 100 % 10),
                      char('0' + Nanoseconds / 10 % 10),
                      char('0' + Nanoseconds % 10)};
  Out.append(Decimals, sizeof(Decimals));
}

void appendQuoted(std::string &Out, const char *Text, size_t Length) {
  Out += '"';
  // Runs of characters that need no escape go in one append.
  size_t Run = 0;
  for (size_t I = 0; I < Length; ++I) {
    char C = Text[I];
    if (C != '"' && C != '\\' && static_cast<unsigned char>(C) >= 0x20)
      continue;
    Out.append(Text + Run, I - Run);
    Run = I + 1;
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += C;
    } else {
      static const char Hex[] = "0123456789abcdef";
      const char Escape[] = {'\\',        'u', '0', '0', Hex[(C >> 4) & 0xf],
                             Hex[C & 0xf]};
      Out.append(Escape, sizeof(Escape));
    }
  }
  Out.append(Text + Run, Length - Run);
  Out += '"';
}

void appendQuoted(std::string &Out, const std::string &Text) {
  appendQuoted(Out, Text.data(), Text.size());
}

void append(const std::string &Event) {
  Recorder &R = recorder();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  if (R.Chunks.empty() ||
      R.Chunks.back().size() + Event.size() + 2 > R.Chunks.back().capacity()) {
    R.Chunks.emplace_back();
    R.Chunks.back().reserve(std::max(ChunkBytes, Event.size() + 2));
  }
  R.Chunks.back() += Event;
  R.Chunks.back() += ",\n";
}

/// The start of an event on \p Where, up to its "args", in the calling
/// thread's buffer.
std::string &beginEvent(const char *Phase, const char *Name, Track Where) {
  static thread_local std::string Buffer;
  Buffer.assign("{\"name\":");
  appendQuoted(Buffer, Name, strlen(Name));
  Buffer += ",\"ph\":\"";
  Buffer += Phase;
  Buffer += "\",\"pid\":";
  appendInteger(Buffer, Where.Process);
  Buffer += ",\"tid\":";
  appendInteger(Buffer, Where.Thread);
  return Buffer;
}

void finishEvent(std::string &Buffer, const Args &A) {
  Buffer += ",\"args\":{";
  Buffer += A.fields();
  Buffer += "}}";
  append(Buffer);
}

/// A metadata event ("ph":"M") that names or orders a process or thread.
void metadata(const char *Kind, Track Where, const Args &A) {
  finishEvent(beginEvent("M", Kind, Where), A);
}

void writeLocked(Recorder &R) {
  FILE *F = R.File;
  rewind(F);
  fputs("{\"traceEvents\":[\n", F);
  for (size_t I = 0; I < R.Chunks.size(); ++I) {
    const std::string &Chunk = R.Chunks[I];
    // Without the separator after the last event.
    size_t Length = Chunk.size() - (I + 1 == R.Chunks.size() ? 2 : 0);
    fwrite(Chunk.data(), 1, Length, F);
  }
  fputs("\n]}\n", F);
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
  metadata("process_name", {HostProcess, 0},
           Args().add("name",
                      format("host: %s (pid %d)", program_invocation_short_name,
                             static_cast<int>(getpid()))));
  metadata("process_sort_index", {HostProcess, 0}, Args().add("sort_index", 0));
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
    metadata("thread_name", {HostProcess, Thread}, Args().add("name", Name));
  }
  return {HostProcess, Thread};
}

Track trace::deviceStream(int Device, int Stream) {
  return {FirstDeviceProcess + Device, FirstStreamThread + Stream};
}

void trace::nameDevice(int Device, const std::string &Name) {
  int Process = FirstDeviceProcess + Device;
  metadata("process_name", {Process, 0}, Args().add("name", Name));
  metadata("process_sort_index", {Process, 0},
           Args().add("sort_index", 1 + Device));
}

void trace::nameStream(int Device, int Stream, const std::string &Name) {
  metadata("thread_name", deviceStream(Device, Stream),
           Args().add("name", Name));
}

void Args::addKey(const char *Key) {
  if (!Fields.empty())
    Fields += ',';
  appendQuoted(Fields, Key, strlen(Key));
  Fields += ':';
}

Args &Args::add(const char *Key, const std::string &Value) {
  addKey(Key);
  appendQuoted(Fields, Value);
  return *this;
}

Args &Args::add(const char *Key, const char *Value) {
  addKey(Key);
  appendQuoted(Fields, Value, strlen(Value));
  return *this;
}

Args &Args::addInteger(const char *Key, int64_t Value) {
  addKey(Key);
  appendInteger(Fields, Value);
  return *this;
}

Args &Args::add(const char *Key, std::initializer_list<uint32_t> Values) {
  addKey(Key);
  Fields += '[';
  for (uint32_t V : Values) {
    if (Fields.back() != '[')
      Fields += ',';
    appendInteger(Fields, V);
  }
  Fields += ']';
  return *this;
}

Args &Args::addAddress(const char *Key, uintptr_t Address) {
  addKey(Key);
  Fields += "\"0x";
  appendInteger(Fields, static_cast<int64_t>(Address), 16);
  Fields += '"';
  return *this;
}

void trace::complete(Track Where, const Event &What, double Start,
                     double Duration) {
  std::string &Buffer = beginEvent("X", What.Name.c_str(), Where);
  Buffer += ",\"cat\":";
  appendQuoted(Buffer, What.Category, strlen(What.Category));
  Buffer += ",\"ts\":";
  appendMicroseconds(Buffer, Start);
  Buffer += ",\"dur\":";
  appendMicroseconds(Buffer, Duration);
  finishEvent(Buffer, What.Arguments);
}

void trace::instant(Track Where, const Event &What) {
  std::string &Buffer = beginEvent("i", What.Name.c_str(), Where);
  Buffer += ",\"cat\":";
  appendQuoted(Buffer, What.Category, strlen(What.Category));
  Buffer += ",\"s\":\"t\",\"ts\":";
  appendMicroseconds(Buffer, now());
  finishEvent(Buffer, What.Arguments);
}

void trace::write() {
  Recorder &R = recorder();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  writeLocked(R);
}
