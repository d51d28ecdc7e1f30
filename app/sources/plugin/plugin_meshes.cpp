// Meshes for a plugin in its host (docs/plugins.md, "Meshes"): each mesh a batch queries is sent
// once per host start and precision, in chunks through the shared region, and handed to the
// plugin's prepare_mesh; the meshes HitLab dropped are released.
#include "plugin_program.h"

#include "core/io/protocol.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace hitlab {

std::string PluginProgram::SendMesh(const MeshData& mesh, std::uint64_t id, std::uint32_t precision)
{
    if (mesh.vertices.size() > std::numeric_limits<std::uint32_t>::max()) {
        return "the mesh has " + std::to_string(mesh.vertices.size()) +
               " vertices, more than the plugin ABI's 32-bit vertex_count";
    }
    const auto vertexCount = std::uint32_t(mesh.vertices.size());
    const auto triangleCount = std::uint32_t(mesh.triangles.size());
    // the data as the host takes it: vertices in the precision, then the index triples
    std::vector<char> data(std::size_t(plugin::MeshBytes(precision, vertexCount, triangleCount)));
    if (precision == 0) {
        std::memcpy(data.data(), mesh.floatVertices.data(), std::size_t(vertexCount) * 3 * sizeof(float));
    } else {
        std::memcpy(data.data(), mesh.vertices.data(), std::size_t(vertexCount) * 3 * sizeof(double));
    }
    const std::size_t vertexBytes = data.size() - std::size_t(triangleCount) * 3 * sizeof(std::uint32_t);
    std::memcpy(data.data() + vertexBytes, mesh.triangles.data(),
                std::size_t(triangleCount) * 3 * sizeof(std::uint32_t));
    std::size_t offset = 0;
    do { // an empty mesh is one empty chunk, so that the plugin still gets prepare_mesh
        const std::size_t bytes = std::min(plugin::kMeshChunkBytes, data.size() - offset);
        std::memcpy(m_region + plugin::kQueriesOffset, data.data() + offset, bytes);
        plugin::Request request;
        request.kind = plugin::kMeshChunk;
        request.precision = precision;
        request.meshId = id;
        request.vertexCount = vertexCount;
        request.triangleCount = triangleCount;
        request.offset = offset;
        request.bytes = bytes;
        std::uint32_t done = 0;
        std::string message;
        std::int32_t code = 0;
        if (const ExternalStatus status = Roundtrip(request, done, message, &code);
            status != ExternalStatus::Answered) {
            return "the plugin's prepare_mesh_" + std::string(precision == 0 ? "f" : "d") + " " +
                   (status == ExternalStatus::TimedOut ? "hung" : "failed") + ": " + message;
        }
        if (code != 0) {
            return "the plugin's prepare_mesh_" + std::string(precision == 0 ? "f" : "d") + " returned error code " +
                   std::to_string(code);
        }
        offset += bytes;
    } while (offset < data.size());
    return "";
}

bool PluginProgram::PrepareMeshes(std::span<const Query> queries, std::uint32_t precision)
{
    // the meshes HitLab dropped: released in the host that has them, forgotten here
    for (auto it = m_meshes.begin(); it != m_meshes.end();) {
        if (!it->second.data.expired()) {
            ++it;
            continue;
        }
        const bool held = it->second.generation[0] == m_generation || it->second.generation[1] == m_generation;
        if (held && Running()) {
            plugin::Request request;
            request.kind = plugin::kMeshRelease;
            request.meshId = it->second.id;
            std::uint32_t done = 0;
            std::string message;
            if (Roundtrip(request, done, message) != ExternalStatus::Answered) {
                return false; // the host stopped: a restarted one has none of them
            }
        }
        it = m_meshes.erase(it);
    }
    for (const Query& query : queries) {
        const auto* mesh = std::get_if<Mesh<double>>(&query.b);
        if (mesh == nullptr || !mesh->data) {
            continue;
        }
        plugin::SentMesh& sent = m_meshes[mesh->data.get()];
        if (sent.id == 0) {
            sent.data = mesh->data;
            sent.id = m_nextMeshId++;
        }
        if (sent.generation[precision] == m_generation || !sent.failure[precision].empty()) {
            continue;
        }
        sent.failure[precision] = SendMesh(*mesh->data, sent.id, precision);
        sent.generation[precision] = m_generation;
        if (!sent.failure[precision].empty() && !Running()) {
            return false;
        }
    }
    return true;
}

void PluginProgram::MeshFailures(std::span<const Query> batch, std::size_t base, std::uint32_t precision,
                                 std::span<Result> out, std::vector<SourceFailure>& failures) const
{
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const auto* mesh = std::get_if<Mesh<double>>(&batch[i].b);
        const auto at = mesh != nullptr ? m_meshes.find(mesh->data.get()) : m_meshes.end();
        if (at == m_meshes.end() || at->second.failure[precision].empty()) {
            continue;
        }
        std::erase_if(failures, [&](const SourceFailure& f) { return f.index == base + i; });
        out[base + i] = Result{};
        failures.push_back({base + i, ExternalStatus::Error, at->second.failure[precision]});
    }
}

} // namespace hitlab
