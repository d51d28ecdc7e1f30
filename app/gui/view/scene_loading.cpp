// SceneLoadJob (scene_loading.h).
#include "scene_loading.h"

#include "clock.h"

#include <chrono>

namespace hitlab {

SceneLoadJob::SceneLoadJob(std::string name, Open open) : m_name(std::move(name)), m_startMs(NowMs())
{
    m_thread = std::thread([this, open = std::move(open)] {
        IoError error;
        std::optional<Scene> scene = open(error, &m_progress);
        const std::lock_guard lock(m_mutex);
        m_scene = std::move(scene);
        m_error = std::move(error);
        m_done = true;
        m_ended.notify_all();
    });
}

SceneLoadJob::~SceneLoadJob()
{
    Cancel();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

bool SceneLoadJob::WaitFor(double seconds)
{
    std::unique_lock lock(m_mutex);
    return m_ended.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return m_done; });
}

bool SceneLoadJob::Done() const
{
    const std::lock_guard lock(m_mutex);
    return m_done;
}

void SceneLoadJob::Cancel() { m_progress.cancel.store(true, std::memory_order_relaxed); }

double SceneLoadJob::Seconds() const { return (NowMs() - m_startMs) / 1000.0; }

std::optional<Scene> SceneLoadJob::Take(IoError& error)
{
    if (m_thread.joinable()) {
        m_thread.join();
    }
    error = std::move(m_error);
    return std::move(m_scene);
}

} // namespace hitlab
