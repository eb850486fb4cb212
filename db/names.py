"""Name order: the order of people's names in every alphabetical list (the seating wall list, player
lists, the hall's "find your table").

Chinese characters are read as their pinyin (``pypinyin``, without tones), so 李娜 sorts as "li na",
beside a "Li Na" written in Latin letters, and 张/李/王/赵 come in the order li, wang, zhang, zhao. Latin
letters are compared without case and accents. A few surnames read differently from the character's
usual reading (曾 Zeng, 单 Shan, …): the first character of a name takes its surname reading.

>>> sorted(["赵敏", "Émile", "王芳", "zoe", "张伟", "Li Na", "李娜", "Ada"], key=name_key)
['Ada', 'Émile', 'Li Na', '李娜', '王芳', '张伟', '赵敏', 'zoe']
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from pypinyin import lazy_pinyin

# Surnames whose reading differs from the character's most common one (as the first character only).
SURNAMES = {"曾": "zeng", "单": "shan", "解": "xie", "仇": "qiu", "朴": "piao", "区": "ou", "查": "zha",
            "乐": "yue", "覃": "qin", "翟": "zhai", "盖": "ge", "缪": "miao", "尉": "yu", "员": "yun",
            "种": "chong", "召": "shao", "长": "chang", "重": "chong", "沈": "shen", "秘": "bi"}


def _is_cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


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
    parts.extend(lazy_pinyin(rest))  # Chinese by syllable; any other text comes through as it is
    joined = " ".join(p.strip() for p in parts if p.strip())
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", joined) if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def name_key(name: str) -> tuple[str, int, str]:
    """The sort key of a name: its romanised form, then Latin before Chinese writing of the same
    sound, then the name itself (so equal keys keep one order)."""
    return romanised(name), 1 if any(_is_cjk(c) for c in name) else 0, name
