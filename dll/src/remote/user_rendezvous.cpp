#include "remote/user_rendezvous.hpp"

#include "core/error.hpp"
#include "core/os_error.hpp"

#if defined(_WIN32)
#include <windows.h>
#include <sddl.h>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#endif

namespace mqlcl {

#if defined(_WIN32)

namespace {

std::wstring ascii_wide(const std::string& s) { return std::wstring(s.begin(), s.end()); }
std::string wide_ascii(const std::wstring& s) {
  std::string out;
  for (wchar_t c : s) out += c < 128 ? static_cast<char>(c) : '?';
  return out;
}

// The SID of the user a token runs as, as text ("S-1-5-21-..."); empty where unreadable.
std::wstring token_user_sid(HANDLE token) {
  DWORD bytes = 0;
  GetTokenInformation(token, TokenUser, nullptr, 0, &bytes);
  if (bytes == 0) return {};
  std::string buffer(bytes, '\0');
  if (!GetTokenInformation(token, TokenUser, &buffer[0], bytes, &bytes)) return {};
  wchar_t* text = nullptr;
  if (!ConvertSidToStringSidW(reinterpret_cast<TOKEN_USER*>(&buffer[0])->User.Sid, &text)) return {};
  std::wstring sid(text);
  LocalFree(text);
  return sid;
}

std::wstring this_user_sid() {
  HANDLE token = nullptr;
  if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token))
    fail(MQLCL_ERR_NO_OPENCL, "this process's user cannot be read: ", last_os_error());
  const std::wstring sid = token_user_sid(token);
  CloseHandle(token);
  if (sid.empty()) fail(MQLCL_ERR_NO_OPENCL, "this process's user SID cannot be read: ", last_os_error());
  return sid;
}

}  // namespace

UserRendezvous::UserRendezvous(const std::string& scope, const std::wstring& sid) : scope_(scope), sid_(sid) {
  // Protected DACL ("P": nothing inherited) with one entry: generic all to this SID.
  const std::wstring sddl = L"D:P(A;;GA;;;" + sid + L")";
  PSECURITY_DESCRIPTOR sd = nullptr;
  if (!ConvertStringSecurityDescriptorToSecurityDescriptorW(sddl.c_str(), SDDL_REVISION_1, &sd, nullptr))
    fail(MQLCL_ERR_NO_OPENCL, "a security descriptor for this user cannot be made: ", last_os_error());
  descriptor_ = sd;
  auto* sa = new SECURITY_ATTRIBUTES{};
  sa->nLength = sizeof *sa;
  sa->lpSecurityDescriptor = sd;
  sa->bInheritHandle = FALSE;
  attributes_ = sa;
}

UserRendezvous::~UserRendezvous() {
  delete static_cast<SECURITY_ATTRIBUTES*>(attributes_);
  if (descriptor_) LocalFree(descriptor_);
}

std::wstring UserRendezvous::object_name(const std::wstring& what) const {
  return L"Local\\" + ascii_wide(scope_) + L"-" + sid_ + L"-" + what;
}

std::wstring UserRendezvous::pipe_name() const { return L"\\\\.\\pipe\\" + ascii_wide(scope_) + L"-" + sid_; }

std::string UserRendezvous::where() const { return scope_ + "-" + wide_ascii(sid_); }

std::unique_ptr<UserRendezvous> rendezvous_in(const std::string& place) {
  for (char c : place)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      fail(MQLCL_ERR_ARGUMENT, "the server's names' scope \"", place, "\" holds a character other than a letter, ",
           "digit, - or _");
  if (place.empty()) fail(MQLCL_ERR_ARGUMENT, "the server's names' scope is empty");
  return std::unique_ptr<UserRendezvous>(new UserRendezvous(place, this_user_sid()));
}

std::unique_ptr<UserRendezvous> user_rendezvous() { return rendezvous_in("mqlcl"); }

bool process_runs_as(unsigned long pid, const std::wstring& sid) {
  HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid));
  if (!process) return false;
  HANDLE token = nullptr;
  const bool opened = OpenProcessToken(process, TOKEN_QUERY, &token);
  CloseHandle(process);
  if (!opened) return false;
  const std::wstring user = token_user_sid(token);
  CloseHandle(token);
  return !user.empty() && user == sid;
}

#else

std::string UserRendezvous::where() const { return folder_; }

std::unique_ptr<UserRendezvous> rendezvous_in(const std::string& place) {
  if (place.empty() || place[0] != '/')
    fail(MQLCL_ERR_ARGUMENT, "the server's folder \"", place, "\" is not an absolute path");
  if (mkdir(place.c_str(), 0700) != 0 && errno != EEXIST)
    fail(MQLCL_ERR_NO_OPENCL, "the server's folder ", place, " cannot be made: ", last_os_error());
  // Checked through a descriptor opened without following a link, so the folder checked is
  // the one a later path names (nobody else can rename what lies in a folder of this user's).
  const int fd = open(place.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    struct stat link {};
    if (lstat(place.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
      fail(MQLCL_ERR_NO_OPENCL, "the server's folder ", place, " is refused: it is a symbolic link");
    if (err == ENOTDIR) fail(MQLCL_ERR_NO_OPENCL, "the server's folder ", place, " is refused: it is not a folder");
    fail(MQLCL_ERR_NO_OPENCL, "the server's folder ", place, " cannot be opened: ", os_error_text(err));
  }
  struct stat st {};
  const int rc = fstat(fd, &st);
  const int err = errno;
  close(fd);
  if (rc != 0) fail(MQLCL_ERR_NO_OPENCL, "the server's folder ", place, " cannot be read: ", os_error_text(err));
  if (st.st_uid != geteuid())
    fail(MQLCL_ERR_NO_OPENCL, "the server's folder ", place, " is refused: it is owned by uid ",
         static_cast<unsigned long>(st.st_uid), ", not by this user (uid ", static_cast<unsigned long>(geteuid()), ")");
  if ((st.st_mode & 077) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    fail(MQLCL_ERR_NO_OPENCL, "the server's folder ", place, " is refused: its group or others have access (mode ",
         mode, "; it must be 0700)");
  }
  // Its parent: whoever may rename entries there could swap the folder for one of theirs.
  const std::string parent = place.substr(0, place.find_last_of('/') > 0 ? place.find_last_of('/') : 1);
  struct stat up {};
  if (stat(parent.c_str(), &up) != 0)
    fail(MQLCL_ERR_NO_OPENCL, "the server's folder's parent ", parent, " cannot be read: ", last_os_error());
  if (up.st_uid != geteuid() && up.st_uid != 0)
    fail(MQLCL_ERR_NO_OPENCL, "the server's folder ", place, " is refused: its parent ", parent, " is owned by uid ",
         static_cast<unsigned long>(up.st_uid));
  if ((up.st_mode & 022) != 0 && (up.st_mode & S_ISVTX) == 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(up.st_mode & 07777));
    fail(MQLCL_ERR_NO_OPENCL, "the server's folder ", place, " is refused: other users may rename what its parent ",
         parent, " holds (mode ", mode, " without the sticky bit)");
  }
  return std::unique_ptr<UserRendezvous>(new UserRendezvous(place));
}

std::unique_ptr<UserRendezvous> user_rendezvous() {
  const char* runtime = std::getenv("XDG_RUNTIME_DIR");
  if (runtime != nullptr && runtime[0] == '/') return rendezvous_in(std::string(runtime) + "/mqlcl");
  return rendezvous_in("/tmp/mqlcl-" + std::to_string(static_cast<unsigned long>(geteuid())));
}

#endif

}  // namespace mqlcl
