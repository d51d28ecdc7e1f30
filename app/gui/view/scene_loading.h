// Opening a scene on a worker thread, so that a big file (100,000 shapes take seconds to read)
// never freezes the window: the window draws a progress screen while the job runs, and closing
// the window or pressing Esc cancels it. GL-free and ImGui-free (the drawing is in window.cpp).
#pragma once

#include "scenes.h"

#include "core/io/scene_file.h"

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace hitlab {

/// A scene read within this time opens as if read on the spot (the window: its errors before any
/// window opens); a slower one shows a progress screen.
inline constexpr double kQuickOpenSeconds = 0.3;

class SceneLoadJob {
public:
    /// How the scene is opened (OpenScene, LoadSceneForGui), on the job's thread.
    using Open = std::function<std::optional<Scene>(IoError& error, LoadProgress* progress)>;

    /// Starts `open` on a thread of its own; `name` is what the progress screen says it opens.
    SceneLoadJob(std::string name, Open open);
    SceneLoadJob(const SceneLoadJob&) = delete;
    SceneLoadJob& operator=(const SceneLoadJob&) = delete;
    /// Cancels a load still running and waits for its thread.
    ~SceneLoadJob();

    /// Waits until the load ends or `seconds` pass; true when it has ended.
    bool WaitFor(double seconds);
    bool Done() const;
    /// Asks the load to stop at its next step; it then ends with the error "cancelled".
    void Cancel();

    const std::string& Name() const { return m_name; }
    /// 0 to 1, and what it is doing ("parsing the JSON"), while it runs.
    float Fraction() const { return m_progress.fraction.load(std::memory_order_relaxed); }
    const char* Stage() const { return m_progress.stage.load(std::memory_order_relaxed); }
    /// Seconds since the job started.
    double Seconds() const;

    /// The scene, or nullopt with error set; once the job is Done (waits for it otherwise).
    std::optional<Scene> Take(IoError& error);

private:
    std::string m_name;
    LoadProgress m_progress;
    double m_startMs = 0.0;
    mutable std::mutex m_mutex;
    std::condition_variable m_ended;
    bool m_done = false;
    std::optional<Scene> m_scene;
    IoError m_error;
    std::thread m_thread;
};

} // namespace hitlab
