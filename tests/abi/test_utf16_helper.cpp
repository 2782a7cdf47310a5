// The UTF-16 helper of the host and the tests (common/utf16.hpp), against hand-encoded bytes:
// surrogate pairs, lone surrogates and ill-formed UTF-8.
#include <gtest/gtest.h>

#include "utf16.hpp"

namespace {

TEST(Utf16Helper, ToUtf8EncodesEveryLength) {
  EXPECT_EQ(utf16::to_utf8(u"A"), "A");
  EXPECT_EQ(utf16::to_utf8(u"\u00E9"), "\xC3\xA9");
  EXPECT_EQ(utf16::to_utf8(u"\u20AC"), "\xE2\x82\xAC");
  EXPECT_EQ(utf16::to_utf8(u"\U0001F600"), "\xF0\x9F\x98\x80");  // the pair D83D DE00
  EXPECT_EQ(utf16::to_utf8(u"\U0010FFFF"), "\xF4\x8F\xBF\xBF");
}

TEST(Utf16Helper, ToUtf8ReplacesLoneSurrogates) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(utf16::to_utf8(std::u16string{0xD83D}), fffd);                 // high at the end
  EXPECT_EQ(utf16::to_utf8(std::u16string{0xDE00, u'x'}), fffd + "x");      // low first
  EXPECT_EQ(utf16::to_utf8(std::u16string{0xD83D, u'x'}), fffd + "x");      // high without its low
  EXPECT_EQ(utf16::to_utf8(std::u16string{0xD83D, 0xD83D, 0xDE00}), fffd + "\xF0\x9F\x98\x80");
}

TEST(Utf16Helper, FromUtf8DecodesEveryLength) {
  EXPECT_EQ(utf16::from_utf8("A\xC3\xA9\xE2\x82\xAC"), u"A\u00E9\u20AC");
  EXPECT_EQ(utf16::from_utf8("\xF0\x9F\x98\x80"), (std::u16string{0xD83D, 0xDE00}));
  EXPECT_EQ(utf16::from_utf8("\xF4\x8F\xBF\xBF"), u"\U0010FFFF");
}

TEST(Utf16Helper, FromUtf8ReplacesIllFormedSequences) {
  EXPECT_EQ(utf16::from_utf8("\x80x"), u"\uFFFDx");              // a continuation byte alone
  EXPECT_EQ(utf16::from_utf8("\xE2\x82x"), u"\uFFFDx");          // truncated, then ASCII kept
  EXPECT_EQ(utf16::from_utf8("\xF0\x9F"), u"\uFFFD");            // truncated at the end
  // one U+FFFD per maximal subpart: a lead whose next byte Table 3-7 does not allow is one alone
  EXPECT_EQ(utf16::from_utf8("\xC0\xAF"), u"\uFFFD\uFFFD");                    // overlong '/'
  EXPECT_EQ(utf16::from_utf8("\xED\xA0\xBD"), u"\uFFFD\uFFFD\uFFFD");           // an encoded surrogate (CESU)
  EXPECT_EQ(utf16::from_utf8("\xF4\x90\x80\x80"), u"\uFFFD\uFFFD\uFFFD\uFFFD");  // above U+10FFFF
  EXPECT_EQ(utf16::from_utf8("\xFF"), u"\uFFFD");
}

TEST(Utf16Helper, RoundTripsEveryScalarValue) {
  for (char32_t c = 1; c <= 0x10FFFF; c += (c < 0x3000 ? 1 : 97)) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    std::u16string s;
    if (c >= 0x10000) {
      s = {static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)), static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF))};
    } else {
      s = {static_cast<char16_t>(c)};
    }
    ASSERT_EQ(utf16::from_utf8(utf16::to_utf8(s)), s) << "U+" << std::hex << static_cast<unsigned>(c);
  }
}

}  // namespace
