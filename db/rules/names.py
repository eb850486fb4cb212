"""People's names: the order of every alphabetical list, and the first and last name of the EMA file.

**Order** (``name_key``; the seating wall list, player lists, the hall's "find your table"): Chinese
characters are read as their pinyin (``pypinyin``, without tones), so 李娜 sorts as "li na", beside a
"Li Na" written in Latin letters, and 张/李/王/赵 come in the order li, wang, zhang, zhao. Latin letters
are compared without case and accents. A few surnames read differently from the character's usual
reading (曾 Zeng, 单 Shan, …): the first character of a name takes its surname reading.

**First and last name** (``split_name``) for the EMA results file, split from the one ``name`` the
tournament keeps when the organiser did not enter them (``Player.first_name`` / ``last_name``). The rule
(docs/tournament.md, "EMA player fields"), in order:

1. ``"Martin, Alice"``: the part before the comma is the last name.
2. A name that also has a romanised form (``"张伟 Zhang Wei"``): only the Latin words count (EMA lists
   Latin script), and they are in Chinese order: family name first (``Zhang``), given name after (``Wei``).
3. A word in capitals (``"Wei ZHANG"``, ``"MARTIN Alice"``) is the family name, wherever it stands.
4. Latin script only: the last word is the last name, with the particles before it (``"Jan van der Berg"``
   → ``van der Berg``).
5. Chinese (or other CJK) script only: the family name is the first character, or the first two for the
   common two-character family names (欧阳, 司马, …); the rest is the given name. EMA wants Latin script,
   so such a player's first and last name should be entered by hand.
6. One word: it is the last name; the first name is empty.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Words that belong to the family name that follows them (Dutch, German, French, Italian, Spanish, ...).
PARTICLES = frozenset({"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "des", "le", "la",
                       "ten", "ter", "zu", "dos", "das", "do", "y", "af", "al", "el", "bin", "ibn"})
# The common two-character Chinese family names (复姓).
COMPOUND_SURNAMES = frozenset({"欧阳", "司马", "诸葛", "上官", "司徒", "东方", "皇甫", "尉迟", "公孙", "慕容",
                               "长孙", "宇文", "夏侯", "令狐", "端木", "独孤", "南宫", "西门", "轩辕", "呼延",
                               "澹台", "公冶", "宗政", "濮阳", "淳于", "单于", "太叔", "申屠", "钟离", "闻人"})


def is_cjk(ch: str) -> bool:
    """A Chinese, Japanese or Korean character (ideographs, kana, hangul).

    >>> is_cjk("张"), is_cjk("Z"), is_cjk("é")
    (True, False, False)
    """
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF or 0xF900 <= o <= 0xFAFF
            or 0x20000 <= o <= 0x3FFFF)


def _has_cjk(text: str) -> bool:
    return any(is_cjk(ch) for ch in text)


def _is_capitals(word: str) -> bool:
    letters = [ch for ch in word if ch.isalpha()]
    return len(letters) > 1 and all(ch.isupper() for ch in letters)


def split_name(name: str) -> tuple[str, str]:
    """(first name, last name) of ``name`` by the rule above.

    >>> split_name("Alice Martin"), split_name("Martin, Alice"), split_name("Jan van der Berg")
    (('Alice', 'Martin'), ('Alice', 'Martin'), ('Jan', 'van der Berg'))
    >>> split_name("张伟 Zhang Wei"), split_name("Wei ZHANG"), split_name("MARTIN Anne Sophie")
    (('Wei', 'Zhang'), ('Wei', 'ZHANG'), ('Anne Sophie', 'MARTIN'))
    >>> split_name("张伟"), split_name("欧阳修文"), split_name("Madonna")
    (('伟', '张'), ('修文', '欧阳'), ('', 'Madonna'))
    """
    text = " ".join(name.split())
    if "," in text:
        last, _, first = text.partition(",")
        return " ".join(first.split()), last.strip()
    words = text.split(" ")
    latin = [w for w in words if w and not _has_cjk(w)]
    if not latin:  # CJK script only
        joined = "".join(words)
        n = 2 if len(joined) > 2 and joined[:2] in COMPOUND_SURNAMES else 1
        return joined[n:], joined[:n]
    capitals = [i for i, w in enumerate(latin) if _is_capitals(w)]
    if capitals and len(capitals) < len(latin):
        lo, hi = capitals[0], capitals[-1]
        if capitals == list(range(lo, hi + 1)):  # one run of capitals: the family name
            return " ".join(latin[:lo] + latin[hi + 1:]), " ".join(latin[lo:hi + 1])
    if len(latin) == 1:
        return "", latin[0]
    if len(latin) < len(words):  # a romanised CJK name: family name first
        return " ".join(latin[1:]), latin[0]
    start = len(latin) - 1
    while start > 1 and latin[start - 1].lower() in PARTICLES:
        start -= 1
    return " ".join(latin[:start]), " ".join(latin[start:])


# Surnames whose reading differs from the character's most common one (as the first character only).
SURNAMES = {"曾": "zeng", "单": "shan", "解": "xie", "仇": "qiu", "朴": "piao", "区": "ou", "查": "zha",
            "乐": "yue", "覃": "qin", "翟": "zhai", "盖": "ge", "缪": "miao", "尉": "yu", "员": "yun",
            "种": "chong", "召": "shao", "长": "chang", "重": "chong", "沈": "shen", "秘": "bi"}

# Below this code point pypinyin reads no character as Chinese (its lowest is 〇, U+3007).
HAN_LOW = 0x3000


@lru_cache(maxsize=8192)
def romanised(name: str) -> str:
    """The name as it is ordered: pinyin for Chinese characters (syllables apart), Latin letters folded.

    >>> romanised("曾 Ångström"), romanised("曾志伟")
    ('zeng angstrom', 'zeng zhi wei')
    """
    text = name.strip()
    first = text[:1]
    parts: list[str] = []
    rest = text
    if first in SURNAMES:
        parts.append(SURNAMES[first])
        rest = text[1:]
    if any(ord(ch) >= HAN_LOW for ch in rest):
        # imported here: pypinyin's dictionaries take ~0.2 s to load, which no command with only Latin names needs
        from pypinyin import lazy_pinyin

        parts.extend(lazy_pinyin(rest))  # Chinese by syllable; any other text comes through as it is
    else:
        parts.append(rest)  # what lazy_pinyin gives for text without a Chinese character
    joined = " ".join(p.strip() for p in parts if p.strip())
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", joined) if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def name_key(name: str) -> tuple[str, int, str]:
    """The sort key of a name: its romanised form, then Latin before Chinese writing of the same
    sound, then the name itself (so equal keys keep one order).

    >>> sorted(["赵敏", "Émile", "王芳", "zoe", "张伟", "Li Na", "李娜", "Ada"], key=name_key)
    ['Ada', 'Émile', 'Li Na', '李娜', '王芳', '张伟', '赵敏', 'zoe']
    """
    return romanised(name), 1 if _has_cjk(name) else 0, name


def name_matches(query: str, name: str) -> bool:
    """Whether ``query`` (part of a name as typed at a desk) finds ``name``: in the name itself (case
    folded), or in its romanised form with accents folded and spaces ignored (pinyin for Chinese names).

    >>> name_matches("zhang", "张伟"), name_matches("zhangw", "张伟"), name_matches("伟", "张伟")
    (True, True, True)
    >>> name_matches("garc", "Tomás García"), name_matches("xyz", "Tomás García")
    (True, False)
    """
    q = "".join(ch for ch in unicodedata.normalize("NFKD", query.casefold()) if not unicodedata.combining(ch))
    q = "".join(q.split())
    if not q:
        return False
    return q in "".join(name.casefold().split()) or q in romanised(name).replace(" ", "")
