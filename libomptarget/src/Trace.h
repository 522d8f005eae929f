//===- Trace.h - The LIBOMPTARGET_PROFILE timeline --------------*- C++ -*-===//
//
// With LIBOMPTARGET_PROFILE=<file>, the runtime records what it does as a
// timeline in the Trace Event Format that Perfetto and chrome://tracing open:
// one process for the host with a track per host thread (constructs, data
// mapping, launches, allocations), and one process per device with a track per
// stream (copies and kernels, timed on the GPU). Events are kept in memory;
// the file is written whole at exit, whenever a program unregisters its device
// images, and when a fatal error ends the process. With the variable unset, a
// traced operation costs the test of one flag.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_TRACE_H
#define OMPTARGET_TRACE_H

#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>

namespace omptarget {
namespace trace {

/// LIBOMPTARGET_PROFILE is set. Fixed when the runtime is loaded, before any
/// program code runs.
extern const bool Enabled;

/// A row of the timeline: a process ("pid") and one of its threads ("tid").
struct Track {
  int Process;
  int Thread;
};

/// The calling host thread's track, named the first time it is used.
Track hostThread();
/// The track of stream \p Stream of a device.
Track deviceStream(int Device, int Stream);
/// Names a device's process.
void nameDevice(int Device, const std::string &Name);
/// Names the track of stream \p Stream of a device.
void nameStream(int Device, int Stream, const std::string &Name);

/// Microseconds since the runtime was loaded: the trace's clock.
double now();

/// The "args" object of an event, built field by field.
class Args {
public:
  Args &add(const char *Key, const std::string &Value);
  Args &add(const char *Key, const char *Value);
  template <typename T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
  Args &add(const char *Key, T Value) {
    return addInteger(Key, static_cast<int64_t>(Value));
  }
  /// A list of numbers: geometry in three dimensions.
  Args &add(const char *Key, std::initializer_list<uint32_t> Values);
  /// An address, in hexadecimal.
  Args &addAddress(const char *Key, uintptr_t Address);

  /// The fields as JSON, without the braces.
  const std::string &fields() const { return Fields; }

private:
  Args &addInteger(const char *Key, int64_t Value);
  void addKey(const char *Key);
  std::string Fields;
};

/// What an event shows.
struct Event {
  std::string Name;
  const char *Category = "";
  Args Arguments;
};

/// A complete event ("ph":"X"): \p Duration microseconds from \p Start.
void complete(Track Where, const Event &What, double Start, double Duration);
/// An instant event ("ph":"i"), now.
void instant(Track Where, const Event &What);

/// The host time spent in a scope, as a complete event on the calling
/// thread's track. When tracing, \p Describe is called as the scope ends (so
/// that it sees what the scope found out) and returns the Event.
template <typename DescribeFn> class HostSpan {
public:
  explicit HostSpan(DescribeFn Describe) : Describe(Describe) {
    if (Enabled)
      Start = now();
  }
  ~HostSpan() {
    if (!Enabled)
      return;
    double End = now();
    complete(hostThread(), Describe(), Start, End - Start);
  }
  HostSpan(const HostSpan &) = delete;
  HostSpan &operator=(const HostSpan &) = delete;

private:
  DescribeFn Describe;
  double Start = 0;
};

/// Writes everything recorded so far to the LIBOMPTARGET_PROFILE file,
/// replacing what an earlier call wrote.
void write();

} // namespace trace
} // namespace omptarget

#endif // OMPTARGET_TRACE_H
